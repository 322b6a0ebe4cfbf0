// Danish: the words of en/trade.ts (typed by it).
import type { trade as english } from "../en/trade.ts";

const waiting = "Du skal ikke gøre noget lige nu.";
const unpaid = "Handlen udløber, hvis den ikke er betalt";
const notSent = "Handlen annulleres og køber får pengene tilbage, hvis pakken ikke er sendt";
const notSentBack = "Sælger får pengene, hvis varen ikke sendes retur";
const pickupPoint = "Pakken venter på udleveringsstedet.";
const underReview = {
  title: "Under behandling",
  description: "Markedspladsen undersøger handlen og beslutter, hvem der får pengene.",
};
const completed = { title: "Gennemført", description: "Tak for en sikker handel." };

export const trade: typeof english = {
  actions: {
    pay: "Betal",
    acceptInvitation: "Accepter",
    rejectInvitation: "Afvis",
    buyDeliveryLabel: "Køb fragtlabel",
    acceptCondition: "Godkend varen",
    rejectCondition: "Anmeld et problem",
    buyReturnLabel: "Køb returlabel",
    acceptReturnedItem: "Godkend den returnerede vare",
    rejectReturnedItem: "Anmeld et problem med returen",
    abandon: "Annuller handlen",
    choosePayoutAccount: "Vælg udbetalingskonto",
    takeItemBack: "Tag varen retur",
    disputeRejection: "Gør indsigelse",
    makeOffer: "Tilbyd et nedslag i prisen",
    acceptOffer: "Accepter nedslaget i prisen",
    declineOffer: "Afvis nedslaget i prisen",
  },
  status: {
    Created: {
      payer: {
        title: "Betal for at sikre dit køb",
        description: "Dine penge holdes sikkert, indtil du har modtaget og godkendt varen.",
        deadline: unpaid,
      },
      payee: { title: "Venter på, at køber betaler", description: waiting },
    },
    InvitationAccepted: {
      payer: {
        title: "Gennemfør din betaling",
        description: "Du har accepteret handlen; betal for at sikre varen.",
        deadline: unpaid,
      },
      payee: { title: "Venter på, at køber betaler", description: waiting },
    },
    AwaitingShipment: {
      payer: { title: "Betalt – venter på, at sælger sender", description: "Dine penge holdes sikkert i escrow." },
      payee: {
        title: "Send varen",
        description: "Køber har betalt. Køb en fragtlabel og indlever pakken.",
        deadline: notSent,
      },
    },
    LabelCreated: {
      payer: { title: "Sælger gør pakken klar", description: waiting },
      payee: {
        title: "Indlever pakken",
        description: "Din fragtlabel er klar. Indlever pakken hos fragtfirmaet.",
        deadline: notSent,
      },
    },
    Sent: {
      payer: { title: "Din vare er på vej", description: "Følg pakken med sporingslinket." },
      payee: { title: "Pakken er på vej", description: waiting },
    },
    PickupReady: {
      payer: { title: "Hent din pakke", description: pickupPoint },
      payee: { title: "Pakken er klar til afhentning", description: waiting },
    },
    Delivered: {
      payer: {
        title: "Tjek varen",
        description: "Godkend varen, hvis den er som beskrevet, eller anmeld et problem.",
        deadline: "Varen godkendes automatisk, hvis du ikke gør noget",
      },
      payee: { title: "Leveret – venter på køber", description: "Du får pengene, når køber godkender varen." },
    },
    ConditionRejected: {
      payer: { title: "Du har anmeldt et problem", description: "Sælger beslutter, om varen skal returneres." },
      payee: {
        title: "Køber har anmeldt et problem",
        description: "Tag varen retur, eller gør indsigelse mod købers anmeldelse.",
        deadline: "Returen accepteres automatisk, hvis du ikke svarer",
      },
    },
    ReturnAwaitingShipment: {
      payer: {
        title: "Send varen retur",
        description: "Køb en returlabel og indlever pakken.",
        deadline: notSentBack,
      },
      payee: { title: "Venter på returen", description: waiting },
    },
    ReturnLabelCreated: {
      payer: { title: "Indlever returpakken", description: "Din returlabel er klar.", deadline: notSentBack },
      payee: { title: "Venter på returen", description: waiting },
    },
    ReturnSent: {
      payer: { title: "Returen er på vej", description: waiting },
      payee: { title: "Returen er på vej", description: waiting },
    },
    ReturnPickupReady: {
      payer: { title: "Returen er på udleveringsstedet", description: waiting },
      payee: { title: "Hent den returnerede pakke", description: pickupPoint },
    },
    ReturnDelivered: {
      payer: {
        title: "Sælger tjekker returen",
        description: "Du får pengene tilbage, når sælger godkender den returnerede vare.",
      },
      payee: {
        title: "Tjek den returnerede vare",
        description: "Godkend den for at refundere køber, eller anmeld et problem.",
        deadline: "Returen godkendes automatisk, hvis du ikke gør noget",
      },
    },
    Disputed: { payer: underReview, payee: underReview },
    Succeeded: {
      payer: completed,
      payee: { title: "Solgt – udbetaling på vej", description: "Dine penge bliver udbetalt." },
    },
    Released: {
      payer: completed,
      payee: { title: "Udbetalt", description: "Pengene er sendt til din konto." },
    },
    Cancelled: {
      payer: { title: "Annulleret", description: "Hvis du havde betalt, har du fået pengene tilbage." },
      payee: { title: "Annulleret", description: "Handlen blev annulleret." },
    },
    Returned: {
      payer: { title: "Returneret – refunderet", description: "Du har fået pengene tilbage." },
      payee: { title: "Returneret", description: "Varen blev returneret, og køber har fået pengene tilbage." },
    },
  },
  timeline: {
    steps: {
      created: { title: "Handel oprettet", description: "Sælger tilbød varen." },
      paid: {
        title: "Betalt til escrow",
        description: { payer: "Dine penge holdes sikkert.", payee: "Købers penge holdes sikkert." },
      },
      labelCreated: { title: "Fragtlabel oprettet", description: "Pakken er klar til at blive indleveret." },
      sent: { title: "Sendt", description: "Fragtfirmaet har pakken." },
      delivered: { title: "Leveret", description: "Pakken nåede frem til køber." },
      accepted: { title: "Vare godkendt", description: "Køber godkendte varen." },
      problemReported: { title: "Problem anmeldt", description: "Køber afviste varen." },
      returnAgreed: { title: "Retur aftalt", description: "Varen sendes tilbage til sælger." },
      returnLabelCreated: {
        title: "Returlabel oprettet",
        description: "Returpakken er klar til at blive indleveret.",
      },
      returnSent: { title: "Retur sendt", description: "Fragtfirmaet har returpakken." },
      returnDelivered: { title: "Retur leveret", description: "Pakken nåede frem til sælger." },
      cancelled: {
        title: "Annulleret",
        description: "Handlen blev annulleret; en eventuel betaling blev refunderet.",
      },
      returned: { title: "Returneret og refunderet", description: "Køber fik pengene tilbage." },
      paidOut: {
        title: "Udbetalt",
        description: { payer: "Sælger har fået pengene.", payee: "Pengene sendes til din konto." },
      },
    },
    by: (date) => `Senest ${date}`,
  },
};
