// The sandbox's printable label: a one-page A4 PDF with the carrier, the label code and the
// parties, so that a seller trying the sandbox prints something shaped like a real label. Written
// by hand (PDF 1.4, one Helvetica text stream) rather than with a PDF library: it is a few lines
// of text, and the runtime gains no dependency for the sandbox alone.

/** Text as a PDF string literal: backslashes and parentheses escaped, Latin-1 only (Helvetica's). */
function pdfText(text: string): string {
  const latin1 = [...text].map((char) => (char.charCodeAt(0) < 256 ? char : "?")).join("");
  return `(${latin1.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

export function simulatedLabelPdf(lines: string[]): Uint8Array {
  const text = lines
    .map((line, index) => `BT /F1 ${index === 0 ? 20 : 12} Tf 56 ${780 - index * 24} Td ${pdfText(line)} Tj ET`)
    .join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${Buffer.byteLength(text, "latin1")} >>\nstream\n${text}\nendstream`,
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, "latin1"));
}
