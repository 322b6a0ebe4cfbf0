// A tagged template that escapes what it interpolates, and the shop's page frame with its CSS.

export class Html {
  constructor(readonly text: string) {}
  toString() {
    return this.text;
  }
}

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function render(value: unknown): string {
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join("");
  if (value === null || value === undefined || value === false) return "";
  return escape(String(value));
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  return new Html(strings.reduce((out, part, i) => out + part + (i < values.length ? render(values[i]) : ""), ""));
}

/** A listing's picture: a gradient with the item's first letter (the example has no uploads). */
export function itemPicture(title: string, id: string, size: "card" | "large" = "card") {
  const hue = [...(id + title)].reduce((sum, c) => sum + c.charCodeAt(0), 0) % 360;
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">`,
    `<stop offset="0" stop-color="hsl(${hue},70%,85%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},65%,60%)"/></linearGradient></defs>`,
    `<rect width="400" height="300" fill="url(#g)"/>`,
    `<text x="200" y="190" font-family="Georgia,serif" font-size="140" text-anchor="middle" fill="rgba(255,255,255,.9)">`,
    `${escape(title.slice(0, 1).toUpperCase())}</text></svg>`,
  ].join("");
  return html`<img class="picture ${size}" alt="" src="data:image/svg+xml,${new Html(encodeURIComponent(svg))}" />`;
}

const CSS =
  `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe ` +
  `UI",Roboto,sans-serif;color:#1f2937;background:#faf7f2}
a{color:#0f766e}header{background:#fff;border-bottom:1px ` +
  `solid #e7e0d6}
.bar{max-width:1040px;margin:0 auto;padding:14px ` +
  `20px;display:flex;gap:20px;align-items:center;flex-wrap:wrap}
.logo{font:700 24px ` +
  `Georgia,serif;color:#0f766e;text-decoration:none;margin-right:auto}.logo ` +
  `span{color:#b45309}
nav{display:flex;gap:16px;align-items:center;flex-wrap:wrap}nav ` +
  `a{text-decoration:none;color:#374151;font-weight:500}
.who{font-size:14px;color:#6b7280}
main{max-width:1040px;margin:0 ` +
  `auto;padding:28px 20px 60px}
h1{font:700 30px/1.2 Georgia,serif;margin:0 0 6px}h2{font:700 ` +
  `20px Georgia,serif;margin:28px 0 12px}
.lead{color:#6b7280;margin:0 0 ` +
  `24px}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:20px}
.card{background:#fff;border:1px ` +
  `solid ` +
  `#e7e0d6;border-radius:12px;overflow:hidden;text-decoration:none;color:inherit;display:block}
.card ` +
  `.body{padding:12px 14px}.card ` +
  `h3{margin:0;font-size:17px}.price{font-weight:700;color:#111827}
.picture{display:block;width:100%;aspect-ratio:4/3;object-fit:cover}.picture.large{border-radius:12px}
.panel{background:#fff;border:1px ` +
  `solid ` +
  `#e7e0d6;border-radius:12px;padding:20px;margin-bottom:20px}
.two{display:grid;grid-template-columns:1.1fr ` +
  `1fr;gap:28px}@media(max-width:760px){.two{grid-template-columns:1fr}}
button,.button{display:inline-block;border:0;border-radius:8px;background:#0f766e;color:#fff;font:600 ` +
  `16px system-ui,sans-serif;padding:11px ` +
  `18px;cursor:pointer;text-decoration:none}
button.secondary,.button.secondary{background:#fff;color:#0f766e;border:1px ` +
  `solid ` +
  `#0f766e}button.danger{background:#b91c1c}
form.inline{display:inline}.actions{display:flex;gap:10px;flex-wrap:wrap;align-items:flex-end;margin-top:12px}
label{display:block;font-weight:600;margin:12px ` +
  `0 4px}input,textarea{width:100%;font:inherit;padding:9px 11px;border:1px solid ` +
  `#d6cfc4;border-radius:8px;background:#fff}
.badge{display:inline-block;font-size:13px;font-weight:600;padding:2px ` +
  `10px;border-radius:999px;background:#e0f2f1;color:#0f5e58}
.badge.sold{background:#fde8e8;color:#9b1c1c}.badge.wait{background:#fef3c7;color:#92400e}
.flash{padding:12px ` +
  `16px;border-radius:10px;margin-bottom:20px;background:#e0f2f1;border:1px solid ` +
  `#99d5cf}.flash.error{background:#fde8e8;border-color:#f5b4b4}
.trust{font-size:14px;color:#4b5563;background:#f3efe8;border-radius:10px;padding:10px ` +
  `14px;margin-top:14px}
table{width:100%;border-collapse:collapse;background:#fff;border:1px ` +
  `solid #e7e0d6;border-radius:12px;overflow:hidden}
th,td{text-align:left;padding:10px ` +
  `14px;border-bottom:1px solid ` +
  `#f0ebe3}th{font-size:13px;color:#6b7280;text-transform:uppercase;letter-spacing:.04em}
ol.activity{list-style:none;padding:0;margin:0}ol.activity ` +
  `li{padding:8px 0;border-bottom:1px solid ` +
  `#f0ebe3;display:flex;justify-content:space-between;gap:12px}
.muted{color:#6b7280;font-size:14px}.sandbox{border:1px ` +
  `dashed #b45309;background:#fffbeb}.sandbox ` +
  `h2{color:#92400e;margin-top:0}
footer{text-align:center;color:#9ca3af;font-size:13px;padding:20px}
.parcel{background:#f3efe8;border-radius:10px;padding:4px 14px;margin:12px 0}.code{font-family:ui-monospace,monospace;letter-spacing:.05em}
`;

/** The shop's icon, served at /favicon.svg and at /favicon.ico, which browsers ask every site for. */
export const ICON =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0f766e"/>` +
  `<text x="32" y="46" font-family="Georgia,serif" font-size="42" font-weight="700" text-anchor="middle" fill="#fff">L</text></svg>`;

export function page(title: string, user: string | undefined, body: Html, flash?: { text: string; error?: boolean }) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <title>${title} · Loppe</title>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <style>
          ${new Html(CSS)}
        </style>
      </head>
      <body>
        <header>
          <div class="bar">
            <a class="logo" href="/">Loppe<span>.</span></a>
            <nav>
              <a href="/">Browse</a><a href="/sell">Sell</a>${
                user
                  ? html`<a href="/orders">My trades</a><a href="/account">Account</a>
                      <span class="who">Signed in as <strong>${user}</strong></span>
                      <form class="inline" method="post" action="/signout">
                        <button class="secondary" type="submit">Sign out</button>
                      </form>`
                  : html`<a class="button" href="/signin">Sign in</a>`
              }
            </nav>
          </div>
        </header>
        <main>
          ${flash ? html`<div class="flash${flash.error ? " error" : ""}" role="${flash.error ? "alert" : "status"}">${flash.text}</div>` : ""}${body}
        </main>
        <footer>
          Loppe is an example marketplace · payments held in escrow by the Marketplace Escrow Trade Service (sandbox)
        </footer>
      </body>
    </html>`.text;
}
