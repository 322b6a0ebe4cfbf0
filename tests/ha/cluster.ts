// A replicated PostgreSQL on loopback, from nothing, with Debian's packages: etcd, three Patroni
// nodes running PostgreSQL 15 with synchronous replication, HAProxy sending connections to the
// primary (Patroni's REST check), and PgBouncer in transaction mode in front of HAProxy. The same
// configuration as ops/ (ops/haproxy/haproxy.cfg, ops/pgbouncer/pgbouncer.ini), with test ports.
// Daemons that refuse root run as the postgres user (setpriv).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import {
  chmodSync,
  chownSync,
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import pg from "pg";

export const PG_BIN = "/usr/lib/postgresql/15/bin";
const BASE_PORT = Number(process.env.HA_BASE_PORT ?? 25400);
export const PORTS = {
  etcdClient: BASE_PORT,
  etcdPeer: BASE_PORT + 1,
  haproxy: BASE_PORT + 10,
  pgbouncer: BASE_PORT + 11,
  node: (i: number) => ({ pg: BASE_PORT + 20 + i, rest: BASE_PORT + 30 + i }),
};
export const NODES = [0, 1, 2];
// loop_wait + 2 * retry_timeout <= ttl (Patroni's rule): a crashed primary costs about ttl.
const DCS = { ttl: 6, loop_wait: 1, retry_timeout: 2 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function ids(user: string): { uid: number; gid: number } {
  const line = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${user}:`));
  if (!line) throw new Error(`no ${user} user: install postgresql`);
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

/**
 * A daemon of the cluster, started in the cluster's own folder: a daemon that runs as postgres
 * cannot enter a checkout in a private folder (a `mktemp -d` clone is 0700 root), and Patroni's
 * child that starts PostgreSQL changes into its parent's working directory first, and dies there.
 * What it writes goes to `log` as it comes, so that a daemon that never exits can still be read.
 */
function startDaemon(
  base: string,
  name: string,
  command: string,
  args: string[],
  options: { asPostgres?: boolean } = {},
): ChildProcess {
  const [file, fileArgs] = options.asPostgres
    ? ["setpriv", ["--reuid=postgres", "--regid=postgres", "--init-groups", "--reset-env", command, ...args]]
    : [command, args];
  const log = createWriteStream(path.join(base, `${name}.log`), { flags: "a" });
  const child = spawn(file, fileArgs, { cwd: base, stdio: ["ignore", "pipe", "pipe"], detached: true });
  child.stdout!.pipe(log, { end: false });
  child.stderr!.pipe(log, { end: false });
  child.on("error", (error) => log.write(`could not start ${command}: ${error.message}\n`));
  return child;
}

/** The last lines of each daemon's log, for an error that says why the cluster did not come up. */
function logTails(base: string, lines = 30): string {
  return readdirSync(base)
    .filter((name) => name.endsWith(".log"))
    .sort()
    .map((name) => {
      const text = readFileSync(path.join(base, name), "utf8").trimEnd().split("\n").slice(-lines).join("\n");
      return `--- ${name} (last ${lines} lines)\n${text || "(empty)"}`;
    })
    .join("\n");
}

export interface Cluster {
  base: string;
  /** Through PgBouncer, as the service connects. */
  serviceUrl(database: string): string;
  /** Through HAProxy (session features work: migrations). */
  primaryUrl(database: string): string;
  leader(): Promise<number | null>;
  waitForLeader(timeoutMs?: number): Promise<number>;
  waitForSyncStandby(timeoutMs?: number): Promise<void>;
  /**
   * Until HAProxy sends a new connection to a primary: after a switchover its check (every 500 ms)
   * may still find no node up for a moment, and PgBouncer, resumed then, fails its clients at once.
   */
  waitForPrimaryThroughHAProxy(timeoutMs?: number): Promise<void>;
  /** SIGKILL of a node's Patroni and its postmaster together: the machine is gone. */
  crash(node: number): void;
  /** SIGKILL of a node's postmaster alone: its Patroni starts PostgreSQL again in a few seconds. */
  killPostgres(node: number): void;
  /** A direct connection to one node (not through HAProxy or PgBouncer). */
  nodeUrl(node: number, database: string): string;
  restart(node: number): void;
  switchover(): { status: number | null; output: string };
  /**
   * Patroni's maintenance mode on or off (`patronictl pause` / `resume`). While it is on, Patroni
   * leaves a replica whose WAL replay was paused alone; otherwise it resumes replay within a loop.
   */
  maintenance(on: boolean): { status: number | null; output: string };
  pgbouncer(command: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the cluster and waits until it serves through PgBouncer with a synchronous standby. If it
 * does not come up, everything started is stopped again and the error carries each daemon's log.
 */
export async function startCluster(): Promise<Cluster> {
  const base = mkdtempSync("/tmp/escrow-ha-");
  const postgres = ids("postgres");
  chmodSync(base, 0o755);
  chownSync(base, postgres.uid, postgres.gid);
  const processes: ChildProcess[] = [];
  try {
    return await bringUp(base, processes);
  } catch (error) {
    const logs = logTails(base);
    await stopCluster(base, processes);
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${logs}`, { cause: error });
  }
}

/** Stops every daemon of the cluster (started or not yet healthy) and removes its folder. */
async function stopCluster(base: string, processes: ChildProcess[]): Promise<void> {
  for (const child of [...processes].reverse()) {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // gone
    }
  }
  // Postmasters are children of their Patroni; any left over go with the folder's socket.
  spawnSync("pkill", ["-9", "-f", base]);
  await sleep(500);
  rmSync(base, { recursive: true, force: true });
}

async function bringUp(base: string, processes: ChildProcess[]): Promise<Cluster> {
  const postgres = ids("postgres");
  const patronis = new Map<number, ChildProcess>();

  const etcd = startDaemon(base, "etcd", "etcd", [
    "--name=ha",
    `--data-dir=${path.join(base, "etcd")}`,
    `--listen-client-urls=http://127.0.0.1:${PORTS.etcdClient}`,
    `--advertise-client-urls=http://127.0.0.1:${PORTS.etcdClient}`,
    `--listen-peer-urls=http://127.0.0.1:${PORTS.etcdPeer}`,
    `--initial-advertise-peer-urls=http://127.0.0.1:${PORTS.etcdPeer}`,
    `--initial-cluster=ha=http://127.0.0.1:${PORTS.etcdPeer}`,
    "--log-level=error",
  ]);
  processes.push(etcd);

  const config = (i: number) => {
    const dir = path.join(base, `node${i}`);
    const { pg: pgPort, rest } = PORTS.node(i);
    return {
      file: path.join(base, `node${i}.yml`),
      text: `scope: escrow-ha
name: node${i}
# INFO: a node that never becomes healthy says why in its log (kept in the error).
log: { level: INFO }
restapi: { listen: 127.0.0.1:${rest}, connect_address: 127.0.0.1:${rest} }
etcd3: { hosts: 127.0.0.1:${PORTS.etcdClient} }
bootstrap:
  dcs:
    ttl: ${DCS.ttl}
    loop_wait: ${DCS.loop_wait}
    retry_timeout: ${DCS.retry_timeout}
    synchronous_mode: true
    postgresql:
      use_pg_rewind: true
      parameters: { max_connections: 200, wal_log_hints: "on", max_wal_senders: 10, max_replication_slots: 10 }
  initdb: [{ encoding: UTF8 }, { locale: C.UTF-8 }]
  pg_hba:
    - local all all trust
    - host replication replicator 127.0.0.1/32 trust
    - host all all 127.0.0.1/32 trust
postgresql:
  listen: 127.0.0.1:${pgPort}
  connect_address: 127.0.0.1:${pgPort}
  data_dir: ${dir}/data
  bin_dir: ${PG_BIN}
  pgpass: ${dir}/pgpass
  authentication:
    replication: { username: replicator, password: replicator }
    superuser: { username: postgres, password: postgres }
    rewind: { username: postgres, password: postgres }
  parameters: { unix_socket_directories: "${base}" }
`,
    };
  };
  const startNode = (i: number) => {
    const { file, text } = config(i);
    writeFileSync(file, text);
    const dir = path.join(base, `node${i}`);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chownSync(dir, postgres.uid, postgres.gid);
    const child = startDaemon(base, `node${i}`, "/usr/bin/patroni", [file], { asPostgres: true });
    patronis.set(i, child);
    processes.push(child);
  };

  const patronictl = (args: string[]) => {
    const result = spawnSync("patronictl", ["-c", config(0).file, ...args], {
      cwd: base,
      encoding: "utf8",
      timeout: 60_000,
    });
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  };

  const rest = async (i: number, what: string, method = "GET"): Promise<number> => {
    try {
      return (
        await fetch(`http://127.0.0.1:${PORTS.node(i).rest}/${what}`, { method, signal: AbortSignal.timeout(1_000) })
      ).status;
    } catch {
      return 0;
    }
  };
  const leader = async (): Promise<number | null> => {
    for (const i of NODES) if ((await rest(i, "primary", "OPTIONS")) === 200) return i;
    return null;
  };
  const waitFor = async <T>(what: string, timeoutMs: number, probe: () => Promise<T | null>): Promise<T> => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe();
      if (value !== null) return value;
      if (Date.now() > until) throw new Error(`HA cluster: timed out waiting for ${what}`);
      await sleep(200);
    }
  };

  // One node bootstraps first, so that the others join it instead of racing to initialise.
  startNode(0);
  await waitFor("the first primary", 60_000, leader);
  for (const i of NODES.slice(1)) startNode(i);

  writeFileSync(
    path.join(base, "haproxy.cfg"),
    `global
  maxconn 1000
defaults
  mode tcp
  timeout connect 2s
  timeout client 30m
  timeout server 30m
  timeout check 1s
listen primary
  bind 127.0.0.1:${PORTS.haproxy}
  option httpchk OPTIONS /primary
  http-check expect status 200
  default-server inter 500ms fall 2 rise 1 on-marked-down shutdown-sessions
${NODES.map((i) => `  server node${i} 127.0.0.1:${PORTS.node(i).pg} maxconn 200 check port ${PORTS.node(i).rest}`).join("\n")}
`,
  );
  const haproxy = startDaemon(base, "haproxy", "haproxy", ["-f", path.join(base, "haproxy.cfg"), "-db"]);
  processes.push(haproxy);

  writeFileSync(path.join(base, "userlist.txt"), `"postgres" ""\n`);
  writeFileSync(
    path.join(base, "pgbouncer.ini"),
    `[databases]
* = host=127.0.0.1 port=${PORTS.haproxy}
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${PORTS.pgbouncer}
unix_socket_dir = ${base}
auth_type = trust
auth_file = ${path.join(base, "userlist.txt")}
admin_users = postgres
pool_mode = transaction
max_client_conn = 1000
default_pool_size = 60
server_login_retry = 1
server_connect_timeout = 3
query_wait_timeout = 30
ignore_startup_parameters = extra_float_digits
`,
  );
  for (const file of ["pgbouncer.ini", "userlist.txt"]) chownSync(path.join(base, file), postgres.uid, postgres.gid);
  const pgbouncer = startDaemon(base, "pgbouncer", "/usr/sbin/pgbouncer", [path.join(base, "pgbouncer.ini")], {
    asPostgres: true,
  });
  processes.push(pgbouncer);

  const cluster: Cluster = {
    base,
    serviceUrl: (database) => `postgresql://postgres@127.0.0.1:${PORTS.pgbouncer}/${database}`,
    primaryUrl: (database) => `postgresql://postgres@127.0.0.1:${PORTS.haproxy}/${database}`,
    leader,
    waitForLeader: (timeoutMs = 60_000) => waitFor("a primary", timeoutMs, leader),
    waitForSyncStandby: async (timeoutMs = 60_000) => {
      await waitFor("a synchronous standby", timeoutMs, async () => {
        for (const i of NODES) if ((await rest(i, "sync")) === 200) return true;
        return null;
      });
    },
    waitForPrimaryThroughHAProxy: async (timeoutMs = 30_000) => {
      await waitFor("HAProxy to reach the primary", timeoutMs, async () => {
        const client = new pg.Client({
          connectionString: cluster.primaryUrl("postgres"),
          connectionTimeoutMillis: 1_000,
        });
        try {
          await client.connect();
          const { rows } = await client.query<{ primary: boolean }>("SELECT NOT pg_is_in_recovery() AS primary");
          return rows[0]?.primary ? true : null;
        } catch {
          return null;
        } finally {
          await client.end().catch(() => {});
        }
      });
    },
    crash(node) {
      const patroni = patronis.get(node);
      if (patroni?.pid) process.kill(patroni.pid, "SIGKILL");
      killPostmaster(base, node);
    },
    killPostgres(node) {
      killPostmaster(base, node);
    },
    nodeUrl: (node, database) => `postgresql://postgres@127.0.0.1:${PORTS.node(node).pg}/${database}`,
    restart(node) {
      startNode(node);
    },
    switchover: () => patronictl(["switchover", "--force"]),
    maintenance: (on) => patronictl([on ? "pause" : "resume", "--wait"]),
    async pgbouncer(command) {
      const admin = new pg.Client({ connectionString: `postgresql://postgres@127.0.0.1:${PORTS.pgbouncer}/pgbouncer` });
      await admin.connect();
      try {
        await admin.query(command);
      } finally {
        await admin.end().catch(() => {});
      }
    },
    stop: () => stopCluster(base, processes),
  };
  await cluster.waitForSyncStandby(90_000);
  await waitFor("PgBouncer", 20_000, async () => {
    const client = new pg.Client({
      connectionString: cluster.serviceUrl("postgres"),
      connectionTimeoutMillis: 1_000,
    });
    try {
      await client.connect();
      await client.query("SELECT 1");
      return true;
    } catch {
      return null;
    } finally {
      await client.end().catch(() => {});
    }
  });
  return cluster;
}

/** SIGKILL of a node's postmaster and its group (its backends die with it), if it runs. */
function killPostmaster(base: string, node: number): void {
  let postmaster: number | null = null;
  try {
    postmaster = Number(readFileSync(path.join(base, `node${node}`, "data", "postmaster.pid"), "utf8").split("\n")[0]);
  } catch {
    return; // not running
  }
  try {
    process.kill(-postmaster, "SIGKILL");
  } catch {
    process.kill(postmaster, "SIGKILL");
  }
}
