// Renders description text, turning `backticked` parts into inline code.

const CODE = "rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] text-slate-800 [overflow-wrap:anywhere]";

export function InlineText({ text }: { text: string }) {
  const parts = text.split("`");
  // An odd number of parts means the backticks pair up; otherwise show the text as it is.
  if (parts.length % 2 === 0) return <>{text}</>;
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <code key={index} className={CODE}>
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}

/** A JSON value as it would appear in a request or response ("Android", 1, null). */
export function formatValue(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

export function ValueCode({ value }: { value: unknown }) {
  return <code className={CODE}>{formatValue(value)}</code>;
}
