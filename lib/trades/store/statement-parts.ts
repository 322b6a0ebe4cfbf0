// One statement built from named parts (effects.ts): each part writes its values as the next $n
// parameters of the same statement, and a value several parts use is sent once, under one name.

// The text of each statement shape, kept by the caller's name for it: the prepared statements'
// registry (lib/db/sql.ts) looks texts up by value, and a text built afresh is flattened and hashed
// in full on every call, where the kept one was hashed once.
const shapes = new Map<string, string>();

export class StatementParts {
  readonly values: unknown[] = [];
  private readonly named = new Map<string, string>();

  /** The next parameter for `value`; a date goes as a UTC ISO string, as statement`` sends it. */
  param(value: unknown): string {
    this.values.push(value instanceof Date ? value.toISOString() : value);
    return `$${this.values.length}`;
  }

  /**
   * One parameter for every part that uses `name`, given at its first use: PostgreSQL refuses a
   * parameter that the text never uses (it cannot tell its type), so none is given in advance.
   */
  shared(name: string, value: unknown): string {
    let parameter = this.named.get(name);
    if (!parameter) this.named.set(name, (parameter = this.param(value)));
    return parameter;
  }

  /**
   * The statement: `WITH` the parts, then `select`. `shape` names the text when the same parts
   * always give the same text (only the values differ), so that it is built once.
   */
  statement(parts: (string | false)[], select: string, shape?: string): { text: string; values: unknown[] } {
    const kept = shape === undefined ? undefined : shapes.get(shape);
    if (kept !== undefined) return { text: kept, values: this.values };
    const text = `WITH ${parts.filter((part) => part !== false).join(",\n  ")}\n${select}`;
    if (shape !== undefined) shapes.set(shape, text);
    return { text, values: this.values };
  }
}
