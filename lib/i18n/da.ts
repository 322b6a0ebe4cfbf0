// Every word of en.ts in Danish. Typed by en.ts's shape, so a missing text fails the build;
// tests/unit/i18n.test.ts checks that none is empty or left in English.
import { SERVICE_NAME, type Messages } from "./en.ts";

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

export const da: Messages = {
  common: {
    sandbox: "Sandkasse: ingen rigtige penge flyttes, og der bruges ikke rigtigt eID.",
    secureFooter: `Sikker betaling. Pengene holdes i escrow hos ${SERVICE_NAME}, indtil handlen er gennemført.`,
    languageName: "Dansk",
    switchLanguage: "English",
    returnTo: (marketplace) => `Tilbage til ${marketplace}`,
    cancelAndReturn: (marketplace) => `Annuller og gå tilbage til ${marketplace}`,
    back: "Tilbage",
    stepOf: (step, of) => `Trin ${step} af ${of}`,
    closePage: "Du kan lukke denne side.",
    openApp: (marketplace) => `Åbn ${marketplace}-appen`,
  },
  problems: {
    unknown: {
      title: "Linket virker ikke",
      body: "Tjek, at du har åbnet hele linket, eller gå tilbage til markedspladsen og start forfra.",
    },
    expired: {
      title: "Linket er udløbet",
      body: "Af hensyn til din sikkerhed virker disse links kun i begrænset tid. Gå tilbage til markedspladsen og start forfra.",
    },
    "other-browser": {
      title: "Linket er åbnet i en anden browser",
      body:
        "Af hensyn til din sikkerhed virker et link kun i den browser, hvor det først blev åbnet. " +
        "Fortsæt dér, eller gå tilbage til markedspladsen og start forfra.",
    },
    "live-closed": {
      title: "Siden er ikke tilgængelig endnu",
      body:
        "Rigtige betalinger og identitetstjek er endnu ikke slået til for denne markedsplads. Der " +
        "er ikke trukket penge, og intet er delt. Gå tilbage til markedspladsen.",
    },
    cookies: {
      title: "Cookies er nødvendige",
      body: "Denne sikre side knytter din session til browseren med en cookie. Tillad cookies for siden, og genindlæs den.",
    },
  },
  errors: {
    declined: "Betalingen blev afvist. Der er ikke trukket penge. Prøv en anden betalingsmåde.",
    not_confirmed:
      "Betalingen blev ikke bekræftet. Der er ikke trukket penge. Prøv igen, eller vælg en anden betalingsmåde.",
    unavailable: "Det kunne ikke lade sig gøre: handlen har ændret sig imens. Siden viser, hvor den står nu.",
    cookies: "Din browser sendte ikke vores cookie tilbage. Tillad cookies for siden, og prøv igen.",
    sign_in_failed: "Log-ind med eID lykkedes ikke. Prøv igen.",
    kyc_level_not_met: "Personens verificering lever ikke op til markedspladsens krav.",
    not_allowed: "Det er ikke muligt, som handlen står nu.",
    reason_required: "Beskriv, hvad der er galt med varen.",
    choose_carrier: "Vælg et fragtfirma og en pakkestørrelse.",
    choose: "Vælg en konto, eller indtast en ny.",
    empty: "Indtast kontonummeret.",
    iban_length: "Dette IBAN har det forkerte antal tegn for landet.",
    iban_checksum: "Kontrolcifrene i dette IBAN passer ikke: tjek for tastefejl.",
    format: "Indtast et IBAN eller et dansk registreringsnummer (4 cifre) efterfulgt af kontonummeret.",
    amount_format: "Indtast beløbet som et tal, for eksempel 150 eller 150,50.",
    amount_range: "Beløbet skal være mere end 0 og mindre end det, køber har betalt for varen. Intet er sendt.",
    no_offer: "Der er ikke længere et åbent tilbud at svare på. Siden viser, hvor handlen står nu.",
    offer_changed: "Sælger har ændret tilbuddet imens. Se de nye beløb, før du svarer.",
  },
  identity: {
    signInTitle: "Bekræft, hvem du er",
    signInIntro: (marketplace) =>
      `${marketplace} bruger ${SERVICE_NAME} til at gøre betalinger mellem brugerne sikre. Log ind med dit nationale elektroniske ID (eID).`,
    passportNeeded: (marketplace) => `${marketplace} kræver også, at dit pas er verificeret.`,
    higherLevelNeeded: (marketplace) =>
      `${marketplace} kræver en højere grad af verificering end dit nuværende log-ind. Log ind igen.`,
    testPeople: "Testperson (simuleret eID)",
    testPersonDetail: {
      plain: "Har eID; ingen beskyttelse, intet pastjek (når niveau 1)",
      protected: "Navne- og adressebeskyttet, intet pastjek (når intet niveau)",
      passport: "Har eID og har gennemført pasverificering (når niveau 2)",
      "protected-passport": "Navne- og adressebeskyttet, pas verificeret (når niveau 2)",
      failing: "Log-ind med eID afvises",
    },
    signIn: "Log ind med eID",
    consentTitle: (marketplace) => `Forbind til ${marketplace}`,
    signedInAs: "Logget ind som",
    consentShares: (marketplace) =>
      `${marketplace} kan se dit navn, telefonnummer og verificeringsniveau og kan betale dig for dine salg gennem ${SERVICE_NAME}.`,
    consentNeverShared: "Dit CPR-nummer deles aldrig.",
    connect: "Forbind",
    notYou: "Ikke dig? Log ind som en anden",
    decline: "Forbind ikke",
    level: ["Ikke verificeret", "Verificeret med eID", "Verificeret med eID og pas"],
    connectedTitle: "Du er forbundet",
    connectedBody: (marketplace) => `Du kan nu købe og sælge sikkert på ${marketplace}.`,
    cancelledTitle: "Ikke forbundet",
    cancelledBody: (marketplace) => `Intet blev delt med ${marketplace}.`,
  },
  checkout: {
    pageTitle: "Betaling",
    stepPay: "Betal sikkert",
    soldBy: (name, city) => (city ? `Sælges af ${name}, ${city}` : `Sælges af ${name}`),
    photos: "Billeder af varen",
    photo: (index, of) => `Billede ${index} af ${of}`,
    summary: "Det betaler du",
    item: "Vare",
    buyerFee: "Købsbeskyttelse",
    shipping: "Fragt",
    shippingBySeller: "Sælger betaler fragten.",
    byHandToo: "Du kan også hente varen personligt.",
    byHandOnly: "Du henter varen personligt.",
    total: "I alt",
    escrowPromise:
      "Dine penge holdes sikkert i escrow og udbetales først til sælger, når du har modtaget og godkendt varen. Kommer den ikke frem, får du pengene tilbage.",
    method: "Betalingsmåde",
    pay: (amount) => `Betal ${amount}`,
    paidTitle: "Betalingen er gennemført",
    paidBody: "Dine penge holdes sikkert i escrow, indtil du har modtaget og godkendt varen.",
    cancelledTitle: "Betalingen er annulleret",
    cancelledBody: "Der er ikke trukket penge.",
    notPayableTitle: "Handlen kan ikke længere betales",
    notPayableBody: "Den er annulleret eller udløbet. Der er ikke trukket penge.",
  },
  methods: {
    card: (brand, last4) => `${brand} der slutter på ${last4}`,
    wallet: "Mobilbetaling",
    test: {
      approved: "Testkort: godkendes",
      declined: "Testkort: afvises af banken",
      confirmation: "Testkort: beder dig bekræfte i din bank",
      wallet: "Testbetaling: godkend i appen",
    },
  },
  confirm: {
    bankTitle: "Bekræft i din bank",
    bankBody: (amount) => `Din bank beder dig bekræfte betalingen på ${amount} til ${SERVICE_NAME}.`,
    walletTitle: "Godkend i din betalingsapp",
    walletBody: (amount) => `Åbn din betalingsapp, og godkend betalingen på ${amount} til ${SERVICE_NAME}.`,
    simulated: "Simuleret: svar her, som din bank eller din app ville.",
    approve: "Godkend betalingen",
    reject: "Afvis",
  },
  payment: {
    pageTitle: "Betaling",
    purpose: { Escrow: "Betaling til escrow", DeliveryLabel: "Fragtlabel", ReturnLabel: "Returlabel" },
    forTrade: (title) => `For „${title}“`,
    label: (carrier, kilograms) => `${carrier}, pakke op til ${kilograms} kg`,
    paidTitle: "Betalingen er gennemført",
    paidBody: "Tak. Markedspladsen holder dig orienteret.",
    cancelledTitle: "Betalingen er annulleret",
    cancelledBody: "Der er ikke trukket penge.",
    notPayableTitle: "Betalingen kan ikke længere gennemføres",
    notPayableBody: "Den er allerede betalt eller annulleret.",
  },
  status: {
    pageTitle: "Status for handlen",
    youPay: "Du betaler",
    youReceive: "Du modtager",
    deadline: "Frist",
    whatNow: "Det kan du gøre",
    progress: "Forløb",
    parcels: "Pakker",
    delivery: "Levering",
    return: "Retur",
    track: "Følg pakken",
    labelCode: "Labelkode",
    reasonLabel: "Hvad er der galt med varen?",
    reasonHint: "Sælger og markedspladsen kan se dette.",
    carrier: "Fragtfirma",
    weight: "Pakkens vægt",
    upTo: (kilograms) => `Op til ${kilograms} kg`,
    labelCovered: (amount) => `Køber har betalt ${amount} for fragten. Det går til labelen; du betaler kun resten.`,
    cancel: "Annuller",
    offer: {
      title: "Tilbyd et nedslag i prisen",
      intro:
        "Lad køber beholde varen for mindre: køber får en del af pengene tilbage, du får resten, og intet skal sendes retur.",
      amountLabel: "Beløb tilbage til køber",
      amountHint: (most) => `Mere end 0 og højst ${most}.`,
      preview: "Se, hvad I hver især får",
      ifAccepted: "Hvis køber accepterer",
      buyerGetsBack: "Køber får tilbage",
      youReceive: "Du får, efter gebyrer",
      send: "Send tilbuddet",
      change: "Ret beløbet",
      yourOffer: (amount, when) => `Du har tilbudt køber ${amount} tilbage. Køber kan svare indtil ${when}.`,
      replaces: "Et nyt tilbud erstatter det, køber har nu.",
      payerTitle: "Sælger tilbyder et nedslag i prisen",
      payerBody: (amount) => `Behold varen og få ${amount} tilbage. Intet skal sendes retur.`,
      youGetBack: "Du får tilbage",
      sellerReceives: "Sælger får",
      lapses: (when) => `Svarer du ikke inden ${when}, bortfalder tilbuddet, og handlen fortsætter som før.`,
      accept: "Accepter og behold varen",
      acceptNote: "Det kan ikke fortrydes: handlen afsluttes med disse beløb.",
      decline: "Afvis tilbuddet",
    },
    settledBack: "Tilbage til dig",
    asks: {
      rejectInvitation: {
        title: "Afvis handlen?",
        body: "Handlen annulleres, og sælger får besked.",
        confirm: "Afvis handlen",
      },
      abandon: {
        title: "Annuller handlen?",
        body: "Handlen annulleres. Har køber betalt, får køber pengene tilbage.",
        confirm: "Annuller handlen",
      },
      acceptCondition: {
        title: "Godkend varen?",
        body: "Sælger får pengene. Det kan ikke fortrydes, så godkend kun, hvis varen er som beskrevet.",
        confirm: "Godkend varen",
      },
      rejectCondition: {
        title: "Anmeld et problem",
        body: "Sælger beslutter derefter, om varen skal retur. Dine penge bliver i escrow imens.",
        confirm: "Anmeld problemet",
      },
      buyDeliveryLabel: {
        title: "Køb en fragtlabel",
        body: "Vælg fragtfirma og pakkens størrelse.",
        confirm: "Køb label",
      },
      buyReturnLabel: {
        title: "Køb en returlabel",
        body: "Vælg fragtfirma og pakkens størrelse.",
        confirm: "Køb label",
      },
      acceptReturnedItem: {
        title: "Godkend den returnerede vare?",
        body: "Køber får pengene tilbage. Det kan ikke fortrydes.",
        confirm: "Godkend returen",
      },
      rejectReturnedItem: {
        title: "Anmeld et problem med returen",
        body: "Markedspladsen undersøger derefter handlen og beslutter, hvem der får pengene.",
        confirm: "Anmeld problemet",
      },
      takeItemBack: {
        title: "Tag varen retur?",
        body: "Køber sender varen tilbage til dig og får pengene tilbage, når du har godkendt den.",
        confirm: "Tag varen retur",
      },
      disputeRejection: {
        title: "Gør indsigelse mod købers anmeldelse?",
        body: "Markedspladsen undersøger handlen og beslutter, hvem der får pengene.",
        confirm: "Gør indsigelse",
      },
    },
    done: {
      paid: "Tak, din betaling er gennemført.",
      pay: "Tak, din betaling er gennemført.",
      acceptInvitation: "Du har accepteret handlen.",
      rejectInvitation: "Du har afvist handlen.",
      abandon: "Handlen er annulleret.",
      acceptCondition: "Du har godkendt varen. Sælger får pengene.",
      rejectCondition: "Din anmeldelse er sendt til sælger.",
      buyDeliveryLabel: "Din fragtlabel er klar.",
      buyReturnLabel: "Din returlabel er klar.",
      acceptReturnedItem: "Du har godkendt returen. Køber får pengene tilbage.",
      rejectReturnedItem: "Din anmeldelse er sendt til markedspladsen.",
      takeItemBack: "Køber sender varen tilbage til dig.",
      disputeRejection: "Markedspladsen undersøger handlen.",
      choosePayoutAccount: "Din udbetalingskonto er gemt.",
      makeOffer: "Dit tilbud er sendt til køber.",
      acceptOffer: "Du har accepteret nedslaget i prisen. Dine penge er på vej tilbage til dig.",
      declineOffer: "Du har afvist tilbuddet. Handlen fortsætter som før.",
    },
  },
  payout: {
    pageTitle: "Udbetalingskonto",
    title: "Hvor skal vi betale dig?",
    intro: "Penge fra dine salg udbetales til denne konto, når køber har godkendt varen.",
    yourAccounts: "Dine konti",
    endingIn: (digits) => `Konto der slutter på ${digits}`,
    inUse: "I brug nu",
    newAccount: "En ny konto",
    accountNumber: "IBAN eller registrerings- og kontonummer",
    accountNumberHint: "For eksempel DK50 0040 0440 1162 43 eller 1234 0001234567",
    holderName: "Kontohaver",
    save: "Gem udbetalingskonto",
    savedTitle: "Udbetalingskontoen er gemt",
    savedBody: (digits) => `Penge fra dine salg udbetales til kontoen, der slutter på ${digits}.`,
  },
  tracking: {
    pageTitle: "Pakkesporing",
    title: (carrier) => `${carrier}-pakke`,
    simulated: "Simuleret fragtfirma: sporingshændelser kommer fra sandkassen.",
    noEvents: "Pakken er endnu ikke indleveret.",
    events: {
      sent: "Indleveret til fragtfirmaet",
      pickup_ready: "Klar på udleveringsstedet",
      delivered: "Leveret",
      lost: "Bortkommet hos fragtfirmaet",
      returned: "Returneret til afsender",
    },
    unknown: "Der findes ingen pakke med denne kode.",
  },
  trade: {
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
  },
};
