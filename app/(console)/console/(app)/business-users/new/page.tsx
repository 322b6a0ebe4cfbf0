// /console/business-users/new?mode=test|live – an admin adds a business user (the API's rules).
import type { Metadata } from "next";
import { BusinessUserForm } from "@/components/console/business-users/business-user-form.tsx";
import { FormPage } from "@/components/console/business-users/form-page.tsx";
import { requireStaff } from "@/lib/console/auth/staff-session.ts";

export const metadata: Metadata = { title: "Add business user" };

export default async function NewBusinessUserPage({ searchParams }: { searchParams: Promise<{ mode?: string }> }) {
  const [query, { tenant, isAdmin }] = await Promise.all([searchParams, requireStaff()]);
  const mode = query.mode === "live" ? "live" : "test";
  return (
    <FormPage
      title="Add business user"
      mode={mode}
      isAdmin={isAdmin}
      allowed={tenant.allowedBusinessIds}
      refusal={
        tenant.allowedBusinessIds.length === 0
          ? "Your whitelist of business ids is empty, so no business user can be added."
          : null
      }
    >
      <BusinessUserForm mode={mode} allowed={tenant.allowedBusinessIds} />
    </FormPage>
  );
}
