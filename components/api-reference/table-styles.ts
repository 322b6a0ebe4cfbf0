// Class names shared by the reference tables. Below the `sm` breakpoint rows stack into blocks
// (the header row is then visually hidden but still read by screen readers).

export const TABLE = "w-full border-collapse text-left text-sm max-sm:block";
export const HEAD = "bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase max-sm:sr-only";
export const HEAD_CELL = "px-4 py-2.5 font-semibold";
export const ROW = "align-top max-sm:block max-sm:px-4 max-sm:py-3 sm:[&>*]:px-4 sm:[&>*]:py-3";
export const CELL = "max-sm:block max-sm:py-0.5";
