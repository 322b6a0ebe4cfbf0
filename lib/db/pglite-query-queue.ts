// The query queue of the embedded database's wire-protocol server.
//
// PGlite has one backend session; @electric-sql/pglite-socket 0.2.17 multiplexes client
// connections onto it message by message, keeping a connection's turn only inside a transaction.
// The extended query protocol sends Parse, Bind, Describe, Execute and Sync as separate messages,
// so with two busy connections one's Bind can land on the other's Parse ("bind message supplies 8
// parameters, but prepared statement requires 5": measured with 25 concurrent requests). Its
// queue also never resumes after a failed message.
//
// This queue keeps each connection's turn from the first message of an extended-protocol group
// until its Sync (or a simple Query), and for as long as that connection holds a transaction open.
import type { PGlite } from "@electric-sql/pglite";

const SYNC = 0x53; // 'S'
const SIMPLE_QUERY = 0x51; // 'Q'
const EXTENDED = new Set([0x50, 0x42, 0x44, 0x45, 0x43, 0x48]); // Parse, Bind, Describe, Execute, Close, Flush

interface QueuedMessage {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (error: unknown) => void;
}

export class GroupedQueryQueue {
  private queue: QueuedMessage[] = [];
  private processing = false;
  /** The connection in the middle of an extended-protocol group. */
  private groupOwner: number | null = null;
  private lastHandlerId: number | null = null;

  constructor(private readonly db: PGlite) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.process();
    });
  }

  getQueueLength(): number {
    return this.queue.length;
  }

  clearQueueForHandler(handlerId: number): void {
    this.queue = this.queue.filter((item) => {
      if (item.handlerId !== handlerId) return true;
      item.reject(new Error("Handler disconnected"));
      return false;
    });
    if (this.groupOwner === handlerId) this.groupOwner = null;
    void this.process();
  }

  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.db.isInTransaction() && this.lastHandlerId === handlerId) {
      await this.db.exec("ROLLBACK");
      this.lastHandlerId = null;
    }
    void this.process();
  }

  private next(): QueuedMessage | undefined {
    const owner = this.groupOwner ?? (this.db.isInTransaction() ? this.lastHandlerId : null);
    if (owner === null) return this.queue.shift();
    const index = this.queue.findIndex((item) => item.handlerId === owner);
    return index === -1 ? undefined : this.queue.splice(index, 1)[0];
  }

  private async process(): Promise<void> {
    if (this.processing) return;
    this.processing = true;
    try {
      for (let item = this.next(); item; item = this.next()) {
        const current = item;
        const type = current.message[0] ?? 0;
        if (EXTENDED.has(type)) this.groupOwner = current.handlerId;
        try {
          let bytes = 0;
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(current.message, {
              onRawData: (data: Uint8Array) => {
                bytes += data.length;
                current.onData(data);
              },
            }),
          );
          current.resolve(bytes);
        } catch (error) {
          current.reject(error);
        } finally {
          this.lastHandlerId = current.handlerId;
          if (type === SYNC || type === SIMPLE_QUERY) this.groupOwner = null;
        }
      }
    } finally {
      this.processing = false;
    }
  }
}
