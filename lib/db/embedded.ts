// The embedded PostgreSQL (PGlite) used when DATABASE_URL is unset.
//
// PGlite is a single-process database: two processes opening one data folder corrupt it silently
// (docs/toolchain.md). So exactly one process owns `.data/pglite`, recorded in `.data/pglite.lock`, and
// serves it over the Postgres wire protocol on a loopback port. Everyone else (the Next server,
// the CLI, migrations, tests) connects to that port with the ordinary `pg` driver, exactly as
// they would to a real PostgreSQL server.
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { GroupedQueryQueue } from "./pglite-query-queue.ts";

export interface EmbeddedDatabase {
  /** postgresql:// address of the wire-protocol server. */
  url: string;
  /** True when this process owns the data folder (and must call stop() before exiting). */
  owned: boolean;
  stop(): Promise<void>;
}

interface LockInfo {
  pid: number;
  port?: number;
}

const LOCK_WAIT_MS = 30_000;

export function embeddedUrl(port: number): string {
  // PGlite serves one database whatever name is asked for.
  return `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`;
}

/**
 * Opens the embedded database stored in `dataDir` (or `memory://` for a throw-away one), or, when
 * another live process already owns that folder, returns the address of that process's server.
 */
export async function openEmbeddedDatabase(
  dataDir: string,
  options: { port?: number } = {},
): Promise<EmbeddedDatabase> {
  if (dataDir === "memory://") return serve(dataDir, options.port ?? 0, () => {});

  mkdirSync(path.dirname(dataDir), { recursive: true });
  const lockPath = `${dataDir}.lock`;
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    if (tryCreateLock(lockPath)) {
      try {
        const db = await serve(dataDir, options.port ?? 0, () => rmSync(lockPath, { force: true }));
        writeLock(lockPath, { pid: process.pid, port: Number(new URL(db.url).port) });
        return db;
      } catch (error) {
        rmSync(lockPath, { force: true });
        throw error;
      }
    }
    const holder = readLock(lockPath);
    if (holder && !isAlive(holder.pid)) {
      // The owner died without cleaning up (crash, SIGKILL): the folder is free again.
      rmSync(lockPath, { force: true });
      continue;
    }
    if (holder?.port && (await acceptsConnections(holder.port))) {
      return { url: embeddedUrl(holder.port), owned: false, stop: async () => {} };
    }
    if (Date.now() > deadline) {
      throw new Error(
        `The embedded database ${dataDir} is locked by process ${holder?.pid ?? "?"}, which does not answer on its port.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function serve(dataDir: string, port: number, onStop: () => void): Promise<EmbeddedDatabase> {
  // Imported lazily so that code paths using a real PostgreSQL never load the WebAssembly build.
  const { PGlite } = await import("@electric-sql/pglite");
  const { PGLiteSocketServer } = await import("@electric-sql/pglite-socket");
  // pg_trgm: the console's title search runs on a trigram index (migration trades_list_indexes),
  // and PostgreSQL extensions must be loaded into PGlite when it opens.
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const pglite = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const chosenPort = port || (await freePort());
  // maxConnections: the socket server defaults to a single client; the app, the scheduler and
  // the CLI each hold a small pool. Queries are still executed one at a time inside PGlite.
  const server = new PGLiteSocketServer({ db: pglite, host: "127.0.0.1", port: chosenPort, maxConnections: 256 });
  // Replace the library's queue before any connection takes a reference to it (see the file).
  (server as unknown as { queryQueue: GroupedQueryQueue }).queryQueue = new GroupedQueryQueue(pglite);
  await server.start();
  let stopped = false;
  return {
    url: embeddedUrl(chosenPort),
    owned: true,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
      await pglite.close();
      onStop();
    },
  };
}

function tryCreateLock(lockPath: string): boolean {
  try {
    const fd = openSync(lockPath, "wx");
    writeFileSync(fd, JSON.stringify({ pid: process.pid } satisfies LockInfo));
    closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

function writeLock(lockPath: string, info: LockInfo) {
  const tmp = `${lockPath}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(info));
  renameSync(tmp, lockPath);
}

function readLock(lockPath: string): LockInfo | null {
  try {
    return JSON.parse(readFileSync(lockPath, "utf8")) as LockInfo;
  } catch {
    return null; // vanished or half-written: the caller retries
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
