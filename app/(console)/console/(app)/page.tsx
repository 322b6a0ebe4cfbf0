// /console – staff start on the overview.
import { redirect } from "next/navigation";

export default function ConsoleHome() {
  redirect("/console/overview");
}
