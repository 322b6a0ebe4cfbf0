// A secret from the environment: `NAME`, or the contents of the file `NAME_FILE` names (how
// container platforms hand secrets over). Read when needed, never logged; the error names the
// setting only.
import { readFileSync } from "node:fs";

export function secretSetting(name: string): string | null {
  const file = process.env[`${name}_FILE`]?.trim();
  if (file) {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      throw new Error(`${name}_FILE names a file that cannot be read.`);
    }
    return text.trim() || null;
  }
  return process.env[name]?.trim() || null;
}

export function requiredSecret(name: string, what: string): string {
  const value = secretSetting(name);
  if (!value) throw new Error(`${name} (or ${name}_FILE) must be set: ${what}.`);
  return value;
}
