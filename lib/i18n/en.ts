// Every word the service says to a buyer or a seller, in English: the hosted pages, and the trade
// as the API describes it to each party (status, actions, timeline). This object is the shape:
// da.ts is typed by it, so a text missing in Danish fails the build. Texts about an action are keyed
// by its name in ACTION (lib/trades/presentation/codes.ts), texts about a state by the state's id.

export const SERVICE_NAME = "Marketplace Escrow";

/** What a party's status says: its title, a sentence, and, where a deadline concerns the party,
 *  what happens when it passes (the status shows the deadline only when this is given). */
export interface PartyStatusText {
  title: string;
  description: string;
  deadline?: string;
}

/** A step of the trade's timeline; the description differs by party where the party matters. */
export interface TimelineStepText {
  title: string;
  description: string | { payer: string; payee: string };
}

const waiting = "Nothing to do right now.";
const unpaid = "The trade expires if it is not paid";
const notSent = "The trade is cancelled and the buyer refunded if the parcel is not sent";
const notSentBack = "The seller is paid if the item is not sent back";
const pickupPoint = "The parcel is waiting at the pickup point.";
const underReview = {
  title: "Under review",
  description: "The marketplace is looking into the trade and will decide who receives the money.",
};
const completed = { title: "Completed", description: "Thank you for trading safely." };

export const en = {
  common: {
    sandbox: "Sandbox: no real money moves and no real eID is used.",
    secureFooter: `Secure payment. The money is held in escrow by ${SERVICE_NAME} until the trade is complete.`,
    languageName: "English",
    switchLanguage: "Dansk",
    returnTo: (marketplace: string) => `Return to ${marketplace}`,
    cancelAndReturn: (marketplace: string) => `Cancel and return to ${marketplace}`,
    back: "Back",
    stepOf: (step: number, of: number) => `Step ${step} of ${of}`,
    closePage: "You can close this page.",
    openApp: (marketplace: string) => `Open the ${marketplace} app`,
  },
  problems: {
    unknown: {
      title: "This link does not work",
      body: "Check that you opened the whole link, or go back to the marketplace and start again.",
    },
    expired: {
      title: "This link has expired",
      body: "For your security, these links work for a limited time. Go back to the marketplace and start again.",
    },
    "other-browser": {
      title: "This link is open in another browser",
      body: "For your security, a link works only in the browser where it was first opened. Continue there, or go back to the marketplace and start again.",
    },
    "live-closed": {
      title: "This page is not available yet",
      body:
        "Real payments and identity checks are not switched on for this marketplace yet. Nothing " +
        "was charged and nothing was shared. Go back to the marketplace.",
    },
    cookies: {
      title: "Cookies are needed",
      body: "This secure page keeps your session to this browser with a cookie. Allow cookies for this site and reload the page.",
    },
  },
  errors: {
    declined: "The payment was declined. Nothing was charged. Try another payment method.",
    not_confirmed: "The payment was not confirmed. Nothing was charged. Try again or choose another method.",
    unavailable: "That could not be done: the trade has changed in the meantime. The page shows where it stands now.",
    cookies: "Your browser did not send back our cookie. Allow cookies for this site and try again.",
    sign_in_failed: "The eID sign-in did not succeed. Try again.",
    kyc_level_not_met: "This person's verification does not meet what the marketplace requires.",
    not_allowed: "That is not possible in the trade's current state.",
    reason_required: "Describe what is wrong with the item.",
    choose_carrier: "Choose a carrier and a parcel size.",
    choose: "Choose an account, or enter a new one.",
    empty: "Enter the account number.",
    iban_length: "This IBAN has the wrong number of characters for its country.",
    iban_checksum: "This IBAN's check digits do not match: check for a typo.",
    format: "Enter an IBAN, or a Danish registration number (4 digits) followed by the account number.",
    amount_format: "Enter the amount as a number, for example 150 or 150.50.",
    amount_range: "The amount must be more than 0 and less than the buyer paid for the item. Nothing was sent.",
    no_offer: "There is no open offer to answer any more. The page shows where the trade stands now.",
    offer_changed: "The seller changed the offer meanwhile. Look at the new amounts before you answer.",
  } as Record<string, string>,
  identity: {
    signInTitle: "Confirm who you are",
    signInIntro: (marketplace: string) =>
      `${marketplace} uses ${SERVICE_NAME} to keep payments between its users safe. Sign in with your national electronic ID (eID).`,
    passportNeeded: (marketplace: string) => `${marketplace} also requires that your passport has been verified.`,
    higherLevelNeeded: (marketplace: string) =>
      `${marketplace} needs a higher level of verification than your current sign-in. Sign in again.`,
    testPeople: "Test person (simulated eID)",
    /** The simulated eID's test people (lib/identity/simulated-identity-provider.ts), by id. */
    testPersonDetail: {
      plain: "Holds an eID; no protection, no passport check (reaches level 1)",
      protected: "Name and address protected, no passport check (reaches no level)",
      passport: "Holds an eID and went through passport verification (reaches level 2)",
      "protected-passport": "Name and address protected, passport verified (reaches level 2)",
      failing: "The eID sign-in is refused",
    } as Record<string, string>,
    signIn: "Sign in with eID",
    consentTitle: (marketplace: string) => `Connect to ${marketplace}`,
    signedInAs: "Signed in as",
    consentShares: (marketplace: string) =>
      `${marketplace} will see your name, phone number and verification level, and can pay you for your sales through ${SERVICE_NAME}.`,
    consentNeverShared: "Your national ID number is never shared.",
    connect: "Connect",
    notYou: "Not you? Sign in as someone else",
    decline: "Don't connect",
    level: ["Not verified", "Verified with eID", "Verified with eID and passport"] as [string, string, string],
    connectedTitle: "You are connected",
    connectedBody: (marketplace: string) => `You can now buy and sell safely on ${marketplace}.`,
    cancelledTitle: "Not connected",
    cancelledBody: (marketplace: string) => `Nothing was shared with ${marketplace}.`,
  },
  checkout: {
    pageTitle: "Checkout",
    stepPay: "Pay securely",
    soldBy: (name: string, city: string) => (city ? `Sold by ${name}, ${city}` : `Sold by ${name}`),
    photos: "Photos of the item",
    photo: (index: number, of: number) => `Photo ${index} of ${of}`,
    summary: "What you pay",
    item: "Item",
    buyerFee: "Buyer protection",
    shipping: "Shipping",
    shippingBySeller: "Shipping is paid by the seller.",
    byHandToo: "You can also collect the item in person.",
    byHandOnly: "You collect the item in person.",
    total: "Total",
    escrowPromise:
      "Your money is held safely in escrow and is paid to the seller only after you have received " +
      "and accepted the item. If it does not arrive, you get your money back.",
    method: "Payment method",
    pay: (amount: string) => `Pay ${amount}`,
    paidTitle: "Payment complete",
    paidBody: "Your money is held safely in escrow until you have received and accepted the item.",
    cancelledTitle: "Checkout cancelled",
    cancelledBody: "Nothing was charged.",
    notPayableTitle: "This trade can no longer be paid",
    notPayableBody: "It was cancelled or has expired. Nothing was charged.",
  },
  methods: {
    card: (brand: string, last4: string) => `${brand} ending in ${last4}`,
    wallet: "Mobile wallet",
    test: {
      approved: "Test card: approved",
      declined: "Test card: declined by the bank",
      confirmation: "Test card: asks you to confirm with your bank",
      wallet: "Test wallet: approve in the app",
    },
  },
  confirm: {
    bankTitle: "Confirm with your bank",
    bankBody: (amount: string) => `Your bank asks you to confirm the payment of ${amount} to ${SERVICE_NAME}.`,
    walletTitle: "Approve in your wallet app",
    walletBody: (amount: string) => `Open your wallet app and approve the payment of ${amount} to ${SERVICE_NAME}.`,
    simulated: "Simulated: answer here as your bank or your app would.",
    approve: "Approve the payment",
    reject: "Reject",
  },
  payment: {
    pageTitle: "Payment",
    purpose: { Escrow: "Payment into escrow", DeliveryLabel: "Shipping label", ReturnLabel: "Return label" },
    forTrade: (title: string) => `For “${title}”`,
    label: (carrier: string, kilograms: string) => `${carrier}, parcel up to ${kilograms} kg`,
    paidTitle: "Payment complete",
    paidBody: "Thank you. The marketplace will keep you updated.",
    cancelledTitle: "Payment cancelled",
    cancelledBody: "Nothing was charged.",
    notPayableTitle: "This payment can no longer be made",
    notPayableBody: "It was already paid or called off.",
  },
  status: {
    pageTitle: "Trade status",
    youPay: "You pay",
    youReceive: "You receive",
    deadline: "Deadline",
    whatNow: "What you can do",
    progress: "Progress",
    parcels: "Parcels",
    delivery: "Delivery",
    return: "Return",
    track: "Track the parcel",
    labelCode: "Label code",
    reasonLabel: "What is wrong with the item?",
    reasonHint: "The seller and the marketplace will see this.",
    carrier: "Carrier",
    weight: "Parcel weight",
    upTo: (kilograms: string) => `Up to ${kilograms} kg`,
    labelCovered: (amount: string) =>
      `The buyer paid ${amount} for shipping. It goes towards the label; you pay only the rest.`,
    cancel: "Cancel",
    offer: {
      title: "Offer a price reduction",
      intro:
        "Let the buyer keep the item for less: they get part of their money back, you are paid the rest, and nothing is sent back.",
      amountLabel: "Amount back to the buyer",
      amountHint: (most: string) => `More than 0 and at most ${most}.`,
      preview: "See what each of you gets",
      ifAccepted: "If the buyer accepts",
      buyerGetsBack: "The buyer gets back",
      youReceive: "You receive, after fees",
      send: "Send the offer",
      change: "Change the amount",
      yourOffer: (amount: string, when: string) =>
        `You offered ${amount} back to the buyer. The buyer can answer until ${when}.`,
      replaces: "A new offer replaces the one the buyer has now.",
      payerTitle: "The seller offers a price reduction",
      payerBody: (amount: string) => `Keep the item and get ${amount} back. Nothing needs to be sent back.`,
      youGetBack: "You get back",
      sellerReceives: "The seller receives",
      lapses: (when: string) => `If you do not answer by ${when}, the offer lapses and the trade continues as before.`,
      accept: "Accept and keep the item",
      acceptNote: "Accepting cannot be undone: the trade is settled with these amounts.",
      decline: "Decline the offer",
    },
    settledBack: "Back to you",
    asks: {
      rejectInvitation: {
        title: "Decline this trade?",
        body: "The trade is cancelled and the seller is told.",
        confirm: "Decline the trade",
      },
      abandon: {
        title: "Cancel this trade?",
        body: "The trade is cancelled. If the buyer has paid, the money goes back to them.",
        confirm: "Cancel the trade",
      },
      acceptCondition: {
        title: "Accept the item?",
        body: "The seller is paid. You cannot undo this, so accept only if the item is as described.",
        confirm: "Accept the item",
      },
      rejectCondition: {
        title: "Report a problem",
        body: "The seller then decides whether to take the item back. Your money stays in escrow meanwhile.",
        confirm: "Report the problem",
      },
      buyDeliveryLabel: {
        title: "Buy a shipping label",
        body: "Choose the carrier and the size of the parcel.",
        confirm: "Buy the label",
      },
      buyReturnLabel: {
        title: "Buy a return label",
        body: "Choose the carrier and the size of the parcel.",
        confirm: "Buy the label",
      },
      acceptReturnedItem: {
        title: "Accept the returned item?",
        body: "The buyer gets their money back. You cannot undo this.",
        confirm: "Accept the return",
      },
      rejectReturnedItem: {
        title: "Report a problem with the return",
        body: "The marketplace then looks into the trade and decides who receives the money.",
        confirm: "Report the problem",
      },
      takeItemBack: {
        title: "Take the item back?",
        body: "The buyer sends the item back to you, and gets their money back once you have accepted it.",
        confirm: "Take the item back",
      },
      disputeRejection: {
        title: "Dispute the buyer's report?",
        body: "The marketplace looks into the trade and decides who receives the money.",
        confirm: "Dispute",
      },
    } as Record<string, { title: string; body: string; confirm: string }>,
    done: {
      paid: "Thank you, your payment is complete.",
      pay: "Thank you, your payment is complete.",
      acceptInvitation: "You accepted the trade.",
      rejectInvitation: "You declined the trade.",
      abandon: "The trade is cancelled.",
      acceptCondition: "You accepted the item. The seller is being paid.",
      rejectCondition: "Your report has been sent to the seller.",
      buyDeliveryLabel: "Your shipping label is ready.",
      buyReturnLabel: "Your return label is ready.",
      acceptReturnedItem: "You accepted the return. The buyer is being refunded.",
      rejectReturnedItem: "Your report has been sent to the marketplace.",
      takeItemBack: "The buyer will send the item back to you.",
      disputeRejection: "The marketplace will look into the trade.",
      choosePayoutAccount: "Your payout account is saved.",
      makeOffer: "Your offer has been sent to the buyer.",
      acceptOffer: "You accepted the price reduction. Your money is on its way back to you.",
      declineOffer: "You declined the offer. The trade continues as before.",
    } as Record<string, string>,
  },
  payout: {
    pageTitle: "Payout account",
    title: "Where should we pay you?",
    intro: "Money from your sales is paid out to this account once the buyer has accepted the item.",
    yourAccounts: "Your accounts",
    endingIn: (digits: string) => `Account ending in ${digits}`,
    inUse: "In use now",
    newAccount: "A new account",
    accountNumber: "IBAN, or registration and account number",
    accountNumberHint: "For example DK50 0040 0440 1162 43, or 1234 0001234567",
    holderName: "Account holder",
    save: "Save payout account",
    savedTitle: "Payout account saved",
    savedBody: (digits: string) => `Money from your sales is paid out to the account ending in ${digits}.`,
  },
  tracking: {
    pageTitle: "Parcel tracking",
    title: (carrier: string) => `${carrier} parcel`,
    simulated: "Simulated carrier: tracking events come from the sandbox.",
    noEvents: "The parcel has not been handed in yet.",
    events: {
      sent: "Handed in to the carrier",
      pickup_ready: "Ready at the pickup point",
      delivered: "Delivered",
      lost: "Lost by the carrier",
      returned: "Returned to the sender",
    } as Record<string, string>,
    unknown: "No parcel with this code.",
  },
  trade: {
    /** The text of each action a status offers (spec 2.2 `status.actions`), by its name in ACTION. */
    actions: {
      pay: "Pay",
      acceptInvitation: "Accept",
      rejectInvitation: "Decline",
      buyDeliveryLabel: "Buy shipping label",
      acceptCondition: "Accept the item",
      rejectCondition: "Report a problem",
      buyReturnLabel: "Buy return label",
      acceptReturnedItem: "Accept the returned item",
      rejectReturnedItem: "Report a problem with the return",
      abandon: "Cancel the trade",
      choosePayoutAccount: "Choose payout account",
      takeItemBack: "Take the item back",
      disputeRejection: "Dispute",
      makeOffer: "Offer a price reduction",
      acceptOffer: "Accept the price reduction",
      declineOffer: "Decline the price reduction",
    },
    /** Each party's status in each state (spec 2.2 `status`). */
    status: {
      Created: {
        payer: {
          title: "Pay to secure your purchase",
          description: "Your money is held safely until you have received and accepted the item.",
          deadline: unpaid,
        },
        payee: { title: "Waiting for the buyer to pay", description: waiting },
      },
      InvitationAccepted: {
        payer: {
          title: "Complete your payment",
          description: "You accepted the trade; pay to secure the item.",
          deadline: unpaid,
        },
        payee: { title: "Waiting for the buyer to pay", description: waiting },
      },
      AwaitingShipment: {
        payer: { title: "Paid – waiting for the seller to ship", description: "Your money is held safely in escrow." },
        payee: {
          title: "Ship the item",
          description: "The buyer has paid. Buy a shipping label and hand in the parcel.",
          deadline: notSent,
        },
      },
      LabelCreated: {
        payer: { title: "The seller is preparing the parcel", description: waiting },
        payee: {
          title: "Hand in the parcel",
          description: "Your shipping label is ready. Hand the parcel to the carrier.",
          deadline: notSent,
        },
      },
      Sent: {
        payer: { title: "Your item is on its way", description: "Follow the parcel with the tracking link." },
        payee: { title: "The parcel is on its way", description: waiting },
      },
      PickupReady: {
        payer: { title: "Collect your parcel", description: pickupPoint },
        payee: { title: "The parcel is ready for pickup", description: waiting },
      },
      Delivered: {
        payer: {
          title: "Check the item",
          description: "Accept the item if it is as described, or report a problem.",
          deadline: "The item is accepted automatically if you do nothing",
        },
        payee: {
          title: "Delivered – waiting for the buyer",
          description: "You are paid when the buyer accepts the item.",
        },
      },
      ConditionRejected: {
        payer: { title: "You reported a problem", description: "The seller decides whether to take the item back." },
        payee: {
          title: "The buyer reported a problem",
          description: "Take the item back, or dispute the buyer's report.",
          deadline: "The return is accepted automatically if you do not answer",
        },
      },
      ReturnAwaitingShipment: {
        payer: {
          title: "Send the item back",
          description: "Buy a return label and hand in the parcel.",
          deadline: notSentBack,
        },
        payee: { title: "Waiting for the return", description: waiting },
      },
      ReturnLabelCreated: {
        payer: {
          title: "Hand in the return parcel",
          description: "Your return label is ready.",
          deadline: notSentBack,
        },
        payee: { title: "Waiting for the return", description: waiting },
      },
      ReturnSent: {
        payer: { title: "The return is on its way", description: waiting },
        payee: { title: "The return is on its way", description: waiting },
      },
      ReturnPickupReady: {
        payer: { title: "The return is at the pickup point", description: waiting },
        payee: { title: "Collect the returned parcel", description: pickupPoint },
      },
      ReturnDelivered: {
        payer: {
          title: "The seller is checking the return",
          description: "You are refunded when the seller accepts the returned item.",
        },
        payee: {
          title: "Check the returned item",
          description: "Accept it to refund the buyer, or report a problem.",
          deadline: "The return is accepted automatically if you do nothing",
        },
      },
      Disputed: { payer: underReview, payee: underReview },
      Succeeded: {
        payer: completed,
        payee: { title: "Sold – payout on its way", description: "Your money is being paid out." },
      },
      Released: {
        payer: completed,
        payee: { title: "Paid out", description: "The money has been sent to your account." },
      },
      Cancelled: {
        payer: { title: "Cancelled", description: "If you had paid, your money has been refunded." },
        payee: { title: "Cancelled", description: "The trade was cancelled." },
      },
      Returned: {
        payer: { title: "Returned – refunded", description: "Your money has been refunded." },
        payee: { title: "Returned", description: "The item was returned and the buyer refunded." },
      },
    } satisfies Record<string, Record<"payer" | "payee", PartyStatusText>>,
    /** The timeline's steps (spec 2.2 `timeline`), and the deadline of the current one. */
    timeline: {
      steps: {
        created: { title: "Trade created", description: "The seller offered the item." },
        paid: {
          title: "Paid into escrow",
          description: { payer: "Your money is held safely.", payee: "The buyer's money is held safely." },
        },
        labelCreated: { title: "Shipping label created", description: "The parcel is ready to be handed in." },
        sent: { title: "Sent", description: "The carrier has the parcel." },
        delivered: { title: "Delivered", description: "The parcel reached the buyer." },
        accepted: { title: "Item accepted", description: "The buyer accepted the item." },
        problemReported: { title: "Problem reported", description: "The buyer rejected the item." },
        returnAgreed: { title: "Return agreed", description: "The item goes back to the seller." },
        returnLabelCreated: {
          title: "Return label created",
          description: "The return parcel is ready to be handed in.",
        },
        returnSent: { title: "Return sent", description: "The carrier has the return parcel." },
        returnDelivered: { title: "Return delivered", description: "The parcel reached the seller." },
        cancelled: { title: "Cancelled", description: "The trade was cancelled; any payment was refunded." },
        returned: { title: "Returned and refunded", description: "The buyer got the money back." },
        paidOut: {
          title: "Paid out",
          description: { payer: "The seller is paid.", payee: "The money is sent to your account." },
        },
      } satisfies Record<string, TimelineStepText>,
      by: (date: string) => `By ${date}`,
    },
  },
};

export type Messages = typeof en;
