// /console – the trades list is where staff start (the overview comes with its charts).
import { redirect } from "next/navigation";

export default function ConsoleHome() {
  redirect("/console/trades");
}
