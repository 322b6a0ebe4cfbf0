// GET /status/{token}/labels/{labelId} – the label to print (lib/hosted/label-document-route.ts)
import { labelDocument } from "@/lib/hosted/label-document-route.ts";

export const GET = labelDocument;
