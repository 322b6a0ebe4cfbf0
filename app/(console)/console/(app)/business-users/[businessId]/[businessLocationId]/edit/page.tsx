// /console/business-users/{businessId}/{businessLocationId}/edit?mode=test|live – an admin edits a
// business user; its business id and location are its key and stay as they are.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BusinessUserForm } from "@/components/console/business-users/business-user-form.tsx";
import { FormPage } from "@/components/console/business-users/form-page.tsx";
import { pathParam } from "@/lib/console/path-param.ts";
import { requireStaff } from "@/lib/console/auth/staff-session.ts";
import { loadBusinessUserForForm } from "@/lib/console/business-users/list-business-users.ts";

export const metadata: Metadata = { title: "Edit business user" };

export default async function EditBusinessUserPage({
  params,
  searchParams,
}: {
  params: Promise<{ businessId: string; businessLocationId: string }>;
  searchParams: Promise<{ mode?: string }>;
}) {
  const [{ businessId, businessLocationId }, query, { tenant, isAdmin }] = await Promise.all([
    params,
    searchParams,
    requireStaff(),
  ]);
  const mode = query.mode === "live" ? "live" : "test";
  const existing = await loadBusinessUserForForm(tenant, mode, pathParam(businessId), pathParam(businessLocationId));
  if (!existing) notFound();
  return (
    <FormPage
      title={`Edit ${existing.name}`}
      mode={mode}
      isAdmin={isAdmin}
      allowed={tenant.allowedBusinessIds}
      refusal={
        existing.whitelisted
          ? null
          : `Business id ${existing.businessId} is no longer on your whitelist, so this business user cannot be changed or deleted.`
      }
    >
      <BusinessUserForm mode={mode} allowed={tenant.allowedBusinessIds} existing={existing} />
    </FormPage>
  );
}
