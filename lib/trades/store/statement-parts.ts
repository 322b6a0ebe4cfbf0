// One statement built from named parts (effects.ts): each part writes its values as the next $n
// parameters of the same statement, and a value several parts use is sent once, under one name.
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

  /** The statement: `WITH` the parts, then `select`. */
  statement(parts: (string | false)[], select: string): { text: string; values: unknown[] } {
    const ctes = parts.filter((part) => part !== false);
    return { text: `WITH ${ctes.join(",\n  ")}\n${select}`, values: this.values };
  }
}
