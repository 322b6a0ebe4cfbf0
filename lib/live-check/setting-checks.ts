// A setting is there or not, checked the way the service reads it: secrets through
// lib/secret-setting.ts (NAME, or the file NAME_FILE names), plain settings from the environment.
// The value is handed back for the provider's own checks and never put in the check's detail.
import { secretSetting } from "../secret-setting.ts";
import { fail, pass, type Check } from "./report.ts";

export interface SettingReading {
  value: string | null;
  check: Check;
}

/** A secret: NAME or NAME_FILE; the detail says which was read, never what it holds. */
export function secretCheck(name: string, what: string): SettingReading {
  let value: string | null;
  try {
    value = secretSetting(name);
  } catch {
    return {
      value: null,
      check: fail(name, `${name}_FILE names a file that cannot be read: ${what}`, [`${name}_FILE`]),
    };
  }
  if (!value) return { value: null, check: fail(name, `not set (${name} or ${name}_FILE): ${what}`, [name]) };
  const from = process.env[`${name}_FILE`]?.trim() ? ` (from ${name}_FILE)` : "";
  return { value, check: pass(name, `set${from}`, [name]) };
}

/** A plain setting, which is not secret but is not shown either: it may identify an account. */
export function settingCheck(name: string, what: string): SettingReading {
  const value = process.env[name]?.trim() || null;
  return { value, check: value ? pass(name, "set", [name]) : fail(name, `not set: ${what}`, [name]) };
}
