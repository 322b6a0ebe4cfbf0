// /console/developers – the section opens on its API keys.
import { redirect } from "next/navigation";

export default function DevelopersPage() {
  redirect("/console/developers/api-keys");
}
