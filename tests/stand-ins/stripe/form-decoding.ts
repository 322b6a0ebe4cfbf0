// Decodes Stripe's request encoding: application/x-www-form-urlencoded (and the query string of
// GETs) with bracket notation: `a[b]=1`, `items[0][name]=x`, `expand[]=y`. The result is a tree of
// strings; numeric keys stay object keys here because only the schema knows whether `a[0]` is the
// first item of a list or a metadata key named "0" (validation.ts decides).
import { invalidRequest } from "./errors.ts";

export type FormTree = string | FormTree[] | FormObject;
export type FormObject = { [key: string]: FormTree };

/** `a[b][0][]` → ["a", "b", "0", ""]; "" means "append to a list". */
function keySegments(key: string): string[] {
  const first = key.indexOf("[");
  if (first <= 0) return [key];
  const segments = [key.slice(0, first)];
  const pattern = /\[([^\]]*)\]/g;
  let match: RegExpExecArray | null;
  let consumed = first;
  while ((match = pattern.exec(key)) !== null) {
    if (match.index !== consumed) break;
    segments.push(match[1] ?? "");
    consumed = pattern.lastIndex;
  }
  if (consumed !== key.length) throw invalidRequest(`Invalid parameter name: ${key}`, { param: key });
  return segments;
}

function isContainer(node: FormTree | undefined): node is FormTree[] | FormObject {
  return typeof node === "object";
}

function insert(root: FormObject, key: string, value: string): void {
  const segments = keySegments(key);
  let node: FormTree[] | FormObject = root;
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index]!;
    const last = index === segments.length - 1;
    if (Array.isArray(node)) {
      // `list[]=a` appends; `list[][k]=v` (rare) starts a new item.
      if (last) {
        node.push(value);
        return;
      }
      const next: FormObject = {};
      node.push(next);
      node = next;
      continue;
    }
    if (last) {
      if (segment === "") throw invalidRequest(`Invalid parameter name: ${key}`, { param: key });
      if (isContainer(node[segment])) throw invalidRequest(`Invalid hash: ${key} is also a hash`, { param: key });
      node[segment] = value;
      return;
    }
    const nextIsAppend = segments[index + 1] === "";
    const existing: FormTree | undefined = node[segment];
    if (existing === undefined) {
      const created: FormTree[] | FormObject = nextIsAppend ? [] : {};
      node[segment] = created;
      node = created;
    } else if (isContainer(existing)) {
      node = existing;
    } else {
      throw invalidRequest(`Invalid hash: ${segments.slice(0, index + 1).join("][")} is a string`, { param: key });
    }
  }
}

export function decodeForm(encoded: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(encoded)) insert(root, key, value);
  return root;
}
