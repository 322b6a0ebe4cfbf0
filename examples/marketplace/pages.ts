// The shop's pages: browse, sign in, account (connect), sell, an item, my trades, one trade.
import type { Trade, UserDetails } from "@escrow/sdk";
import { html, itemPicture, type Html } from "./html.ts";
import { dkk, EVENT_LABEL, shop, STATE_LABEL, USERNAME_PATTERN, type Listing } from "./shop.ts";

export function homePage(): Html {
  const listings = shop.listings();
  const verified = shop.connectedUsers();
  return html`<h1>Second-hand, safely</h1>
    <p class="lead">Buy from people near you. Your money is held in escrow until the item arrives and you accept it.</p>
    ${listings.length === 0 ? html`<div class="panel">Nothing for sale yet. <a href="/sell">Sell something</a>.</div>` : ""}
    <div class="grid">
      ${listings.map(
        (l) =>
          html`<a class="card" href="/items/${l.id}"
            >${itemPicture(l.title, l.id)}
            <div class="body">
              <h3>${l.title}</h3>
              <div class="price">${dkk(l.price)}</div>
              <div class="muted">
                by ${l.seller}${verified.has(l.seller) ? " · verified ✓" : ""}
                ${l.soldIn ? html`<span class="badge sold">Sold</span>` : ""}
              </div>
            </div></a
          >`,
      )}
    </div>`;
}

export function signInPage(next: string): Html {
  return html`<div class="panel" style="max-width:420px">
    <h1>Sign in</h1>
    <p class="muted">The example has no passwords: pick a user name.</p>
    <form method="post" action="/signin">
      <input type="hidden" name="next" value="${next}" /><label for="username">User name</label>
      <!-- Browsers compile pattern with the v flag, where a literal "-" in a class must be escaped:
           unescaped, the pattern is invalid and silently checks nothing. -->
      <input
        id="username"
        name="username"
        required
        pattern="${USERNAME_PATTERN}"
        title="2 to 32 lowercase letters, digits or hyphens"
        aria-describedby="username-hint"
        autocapitalize="none"
        autocomplete="username"
        placeholder="e.g. anna"
      />
      <p id="username-hint" class="muted">2 to 32 lowercase letters, digits or hyphens.</p>
      <div class="actions"><button type="submit">Sign in</button></div>
    </form>
  </div>`;
}

export function accountPage(user: string, details: UserDetails | null): Html {
  return html`<h1>Your account</h1>
    <p class="lead">${user}</p>
    <div class="panel">
      ${
        details
          ? html`<h2 style="margin-top:0">Connected to escrow payments <span class="badge">verified ✓</span></h2>
              <p>You can sell and buy on Loppe. Identity checked with national eID (level ${details.kycLevel}).</p>
              ${
                details.bankAccount
                  ? html`<p>
                        Payouts go to <strong>${details.bankAccount.bank} ${details.bankAccount.accountNumber}</strong>.
                      </p>
                      <form method="post" action="/account/payout">
                        <button class="secondary" type="submit">Change payout account</button>
                      </form>`
                  : html`<p>
                        <strong>Add a payout account</strong> so that we can pay you when your buyers accept their
                        items.
                      </p>
                      <form method="post" action="/account/payout">
                        <button type="submit">Add payout account</button>
                      </form>`
              }
              <p class="muted">Escrow account ${details.serviceUserId}</p>`
          : html`<h2 style="margin-top:0">Connect to escrow payments</h2>
              <p>
                Before you sell, confirm who you are with your national eID. It takes a minute, and your buyers see you
                are verified.
              </p>
              <form method="post" action="/account/connect"><button type="submit">Connect with eID</button></form>`
      }
    </div>`;
}

export function sellPage(connected: boolean): Html {
  if (!connected) {
    return html`<h1>Sell an item</h1>
      <div class="panel">
        <p>To sell on Loppe you first connect to escrow payments, so that buyers' money can reach you.</p>
        <a class="button" href="/account">Connect your account</a>
      </div>`;
  }
  return html`<h1>Sell an item</h1>
    <p class="lead">Buyers pay into escrow; you are paid when they accept the item.</p>
    <div class="panel" style="max-width:560px">
      <form method="post" action="/sell">
        <label for="title">Title</label><input id="title" name="title" required maxlength="64" />
        <label for="description">Description</label
        ><textarea id="description" name="description" rows="4" required maxlength="500"></textarea>
        <label for="price">Price (DKK)</label
        ><input id="price" name="price" type="number" min="1" max="100000" step="1" required />
        <p class="muted">
          Loppe's fee is 5 % of the price. The buyer pays DKK 49 shipping and a 2.5 % buyer protection fee.
        </p>
        <div class="actions"><button type="submit">List item</button></div>
      </form>
    </div>`;
}

export function itemPage(listing: Listing, user: string | undefined, myTrade: string | undefined): Html {
  const mine = user === listing.seller;
  return html`<div class="two">
    <div>${itemPicture(listing.title, listing.id, "large")}</div>
    <div>
      <h1>${listing.title}</h1>
      <p class="price" style="font-size:24px;margin:4px 0 12px">${dkk(listing.price)}</p>
      <p>${listing.description}</p>
      <p class="muted">Sold by <strong>${listing.seller}</strong> · shipping DKK 49 with GLS</p>
      ${
        listing.soldIn
          ? html`<p><span class="badge sold">Sold</span></p>
              ${myTrade || mine ? html`<a class="button" href="/trades/${listing.soldIn}">View the trade</a>` : ""}`
          : mine
            ? html`<p><span class="badge">Your listing</span></p>`
            : html`<form method="post" action="/items/${listing.id}/buy">
                  <button type="submit">Buy now with escrow</button>
                </form>
                <div class="trust">
                  🔒 Escrow buyer protection: your payment is held safely and released to the seller only after you have
                  received and accepted the item.
                </div>`
      }
    </div>
  </div>`;
}

export function ordersPage(user: string, trades: Trade[]): Html {
  return html`<h1>My trades</h1>
    <p class="lead">What you bought and sold on Loppe.</p>
    ${
      trades.length === 0
        ? html`<div class="panel">No trades yet.</div>`
        : html`<table>
            <thead>
              <tr>
                <th>Item</th>
                <th>You</th>
                <th>Price</th>
                <th>Status</th>
              </tr>
            </thead>
            <tbody>
              ${trades.map(
                (t) =>
                  html`<tr>
                    <td><a href="/trades/${t.tradeId}">${t.title}</a></td>
                    <td>${shop.purchase(t.tradeId)?.buyer === user ? "bought" : "sold"}</td>
                    <td>${dkk(t.price)}</td>
                    <td>${STATE_LABEL[t.state]}</td>
                  </tr>`,
              )}
            </tbody>
          </table>`
    }`;
}

/** The delivery parcel: the seller's label code to hand in with it, and the tracking link for both. */
function parcel(trade: Trade, buyer: boolean): Html | "" {
  const delivery = trade.phases.delivery;
  if (!delivery?.labelCode) return "";
  return html`<div class="parcel" data-testid="parcel">
    ${
      buyer
        ? html`<p>Your parcel comes with ${delivery.shippingProvider.toUpperCase()}.</p>`
        : html`<p>
            Shipping label code <strong class="code">${delivery.labelCode}</strong>: write it on the parcel, or show it
            at the ${delivery.shippingProvider.toUpperCase()} parcel shop.
          </p>`
    }
    ${
      delivery.labelTracking
        ? html`<p><a href="${delivery.labelTracking}" target="_blank" rel="noopener">Track the parcel</a></p>`
        : ""
    }
  </div>`;
}

/** One trade as the signed-in party sees it, with what they can do now. */
export function tradePage(user: string, trade: Trade): Html {
  const buyer = shop.purchase(trade.tradeId)?.buyer === user;
  const party = buyer ? trade.payer : trade.payee;
  const act = (action: string, label: string, kind = "", hidden: Record<string, string> = {}) =>
    html`<form class="inline" method="post" action="/trades/${trade.tradeId}/${action}">
      ${Object.entries(hidden).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`)}
      <button class="${kind}" type="submit">${label}</button>
    </form>`;
  const events = shop.eventsOf(trade.tradeId);
  const actions: Html[] = [];
  if (!buyer && trade.state === "AwaitingShipment") actions.push(act("label", "Buy GLS shipping label"));
  if (buyer && trade.state === "Delivered") {
    actions.push(act("accept", "Accept the item"));
    actions.push(
      html`<form method="post" action="/trades/${trade.tradeId}/reject" style="flex:1;min-width:240px">
        <label for="reason">Something wrong? Tell the seller</label>
        <input id="reason" name="reason" required maxlength="500" placeholder="e.g. The frame is scratched" />
        <div class="actions"><button class="danger" type="submit">Reject the item</button></div>
      </form>`,
    );
  }
  if (!buyer && trade.state === "ConditionRejected" && !trade.offer) {
    actions.push(
      html`<form method="post" action="/trades/${trade.tradeId}/offer">
        <label for="refund">Offer the buyer money back to keep the item (DKK)</label>
        <input
          id="refund"
          name="refundAmount"
          type="number"
          min="1"
          max="${trade.price}"
          step="1"
          required
          style="max-width:200px"
        />
        <div class="actions"><button type="submit">Offer price reduction</button></div>
      </form>`,
    );
  }
  if (buyer && trade.state === "ConditionRejected" && trade.offer) {
    actions.push(
      html`<p style="margin:0 0 6px">
        The seller offers you <strong>${dkk(trade.offer.refundAmount)}</strong> back if you keep the item.
      </p>`,
    );
    // The accept names the offer shown here: if the seller changed it meanwhile, the service refuses.
    actions.push(
      act("offer-accept", `Accept ${dkk(trade.offer.refundAmount)} back`, "", {
        refundAmount: String(trade.offer.refundAmount),
      }),
    );
    actions.push(act("offer-decline", "Decline the offer", "secondary"));
  }
  const badge = ["Cancelled", "ConditionRejected"].includes(trade.state)
    ? " sold"
    : trade.state === "Released"
      ? ""
      : " wait";
  const sandbox = !buyer && ["LabelCreated", "Sent", "PickupReady", "Succeeded"].includes(trade.state);
  return html`<p class="muted"><a href="/orders">← My trades</a></p>
    <div class="two">
      <div>
        <h1>${trade.title}</h1>
        <p class="lead">${buyer ? "You bought this" : "You sold this"} · ${dkk(trade.price)}</p>
        <div class="panel">
          <span class="badge${badge}" data-testid="trade-state">${STATE_LABEL[trade.state]}</span>
          <h2>${party.status.title}</h2>
          ${party.status.description ? html`<p>${party.status.description}</p>` : ""}
          ${party.status.deadlineDescription ? html`<p class="muted">${party.status.deadlineDescription}</p>` : ""}
          ${parcel(trade, buyer)}
          ${trade.phases.delivery?.rejectedReason ? html`<p>${buyer ? "Your" : "The buyer’s"} reason: “${trade.phases.delivery.rejectedReason.description}”</p>` : ""}
          ${trade.settlement ? html`<p>Settled: ${dkk(trade.settlement.refundAmount)} back to the buyer, ${dkk(trade.settlement.payeeAmount)} to the seller.</p>` : ""}
          ${actions.length ? html`<div class="actions">${actions}</div>` : ""}
        </div>
        ${
          sandbox
            ? html`<div class="panel sandbox">
                <h2>Sandbox tools</h2>
                <p class="muted">In the sandbox no carrier or bank moves: these stand in for them.</p>
                <div class="actions">
                  ${trade.state === "LabelCreated" ? act("carrier-sent", "Carrier: parcel sent", "secondary") : ""}
                  ${["Sent", "PickupReady"].includes(trade.state) ? act("carrier-delivered", "Carrier: parcel delivered", "secondary") : ""}
                  ${trade.state === "Succeeded" ? act("clock", "Advance the sandbox clock (payout)", "secondary") : ""}
                </div>
              </div>`
            : ""
        }
      </div>
      <div>
        <h2 style="margin-top:8px">Activity</h2>
        <div class="panel">
          <p class="muted" style="margin-top:0">
            Escrow events received by Loppe's webhook endpoint, each signature verified.
          </p>
          ${
            events.length
              ? html`<ol class="activity">
                  ${events.map((e) => html`<li><span>${EVENT_LABEL[e.eventName] ?? e.eventName}</span><span class="muted">✓ verified</span></li>`)}
                </ol>`
              : html`<p>No events yet.</p>`
          }
        </div>
      </div>
    </div>`;
}
