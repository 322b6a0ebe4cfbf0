// The v1 API's route handlers (app/api/v1/**/route.ts), found on disk and matched to a path the
// way Next's App Router matches them, so that the production server can call them without going
// through Next's router (scripts/serve.ts; docs/performance.md has why). The route files stay the
// one implementation: this only finds them and passes them a Request and their params.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

export type RouteHandler = (
  request: Request,
  context: { params: Promise<Record<string, string>> },
) => Promise<Response>;
type RouteModule = Partial<Record<string, RouteHandler>>;

interface Node {
  fixed: Map<string, Node>;
  /** A `[name]` folder; catch-all folders (`[...name]`) are left to Next. */
  param?: { name: string; node: Node };
  /** This folder's route.ts, and once imported its module. */
  file?: string;
  module?: RouteModule;
}

export interface ApiRouter {
  /** The handler for this method and path with its params, or null when Next should answer. */
  match(method: string, pathname: string): { handler: RouteHandler; params: Record<string, string> } | null;
  /** The methods a path's route file exports (empty when no route has the path): for 405's Allow. */
  methodsOf(pathname: string): string[];
  readonly routeCount: number;
}

const METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);

/** The route files under `dir` as a tree of path segments, as Next's App Router lays them out. */
function scanRoutes(dir: string): { root: Node; files: Node[] } {
  const root: Node = { fixed: new Map() };
  const files: Node[] = [];
  const walk = (folder: string, node: Node) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isFile() && entry.name === "route.ts") {
        node.file = full;
        files.push(node);
      } else if (entry.isDirectory()) {
        const dynamic = /^\[([^.[\]]+)\]$/.exec(entry.name);
        if (
          entry.name.startsWith("(") ||
          entry.name.startsWith("_") ||
          entry.name.startsWith("[...") ||
          entry.name.startsWith("[[")
        ) {
          throw new Error(
            `${full}: route groups, private folders and catch-all segments are not supported by the API router`,
          );
        }
        let child: Node;
        if (dynamic) {
          if (node.param && node.param.name !== dynamic[1]) throw new Error(`${folder}: two dynamic folders`);
          node.param ??= { name: dynamic[1]!, node: { fixed: new Map() } };
          child = node.param.node;
        } else {
          child = node.fixed.get(entry.name) ?? { fixed: new Map() };
          node.fixed.set(entry.name, child);
        }
        walk(full, child);
      }
    }
  };
  walk(dir, root);
  return { root, files };
}

/** The route file's node for `pathname` under `prefix` (`/api/v1/`), with its params. */
function nodeFor(root: Node, prefix: string, pathname: string, params: Record<string, string>): Node | null {
  if (!pathname.startsWith(prefix) || pathname.endsWith("/")) return null;
  return find(root, pathname.slice(prefix.length).split("/"), 0, params);
}

/** Imports every route.ts under `dir` (e.g. app/api/v1) and builds the router; `base` is its URL prefix. */
export async function loadApiRouter(dir: string, base: string): Promise<ApiRouter> {
  const { root, files } = scanRoutes(dir);
  for (const node of files) node.module = (await import(pathToFileURL(node.file!).href)) as RouteModule;
  const prefix = base.endsWith("/") ? base : `${base}/`;

  return {
    routeCount: files.length,
    match(method, pathname) {
      if (!METHODS.has(method)) return null;
      const params: Record<string, string> = {};
      const handler = nodeFor(root, prefix, pathname, params)?.module?.[method];
      return handler ? { handler, params } : null;
    },
    methodsOf(pathname) {
      const found = nodeFor(root, prefix, pathname, {});
      return found?.module ? [...METHODS].filter((method) => found.module![method]) : [];
    },
  };
}

/**
 * The methods each route file exports, read from its source without importing it: for Next's
 * proxy (proxy.ts), which answers a method a path does not serve with the error record when the
 * API runs through Next's router (`npm run dev`, API_VIA_NEXT=1), as the production server does.
 * tests/unit/api-route-methods.test.ts checks the reading against the modules' real exports.
 */
export function readApiRouteMethods(dir: string, base: string): (pathname: string) => string[] {
  const { root, files } = scanRoutes(dir);
  const exported = new Map<Node, string[]>();
  for (const node of files) {
    const source = readFileSync(node.file!, "utf8");
    exported.set(
      node,
      [...METHODS].filter((method) =>
        new RegExp(`^export (?:const|async function|function) ${method}\\b`, "m").test(source),
      ),
    );
  }
  const prefix = base.endsWith("/") ? base : `${base}/`;
  return (pathname) => {
    const found = nodeFor(root, prefix, pathname, {});
    return found ? (exported.get(found) ?? []) : [];
  };
}

/** Depth first, a fixed folder before a dynamic one at every level (as Next sorts its routes). */
function find(node: Node, segments: string[], index: number, params: Record<string, string>): Node | null {
  if (index === segments.length) return node.file ? node : null;
  const segment = segments[index]!;
  if (!segment) return null;
  const fixed = node.fixed.get(segment);
  const viaFixed = fixed && find(fixed, segments, index + 1, params);
  if (viaFixed) return viaFixed;
  if (!node.param) return null;
  let value: string;
  try {
    value = decodeURIComponent(segment);
  } catch {
    return null; // malformed escapes: Next's answer
  }
  const found = find(node.param.node, segments, index + 1, params);
  if (found) params[node.param.name] = value;
  return found;
}
