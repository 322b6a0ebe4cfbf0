// The four carriers we book through Shipmondo, by our id, with Shipmondo's `carrier_code` for each
// (the carrier_code enum of GET /shipments in Shipmondo's openapi.json). PostNord is `pdk`
// ("PostNord Danmark"): the document's quote example pairs carrier_code "pdk" with product
// "PDK_MH" (MyPack Home); its other code, `post_nord`, is not the Danish PostNord we ship with.
//
// Products are not fixed here: a product code is what Shipmondo's GET /products lists for the
// account, and it is passed in by the caller. Codes the document itself names, for reference:
// GLS GLSDK_SD (ShopDelivery), GLSDK_HD (home delivery); PostNord PDK_MH, PDK_BP, PDK_M, PDK_TB,
// PDK_PL; Bring BRI_PPB, BRI_BPB. The document names no DAO product code.
export const SHIPMONDO_CARRIERS = {
  gls: { carrierCode: "gls", name: "GLS" },
  postnord: { carrierCode: "pdk", name: "PostNord" },
  dao: { carrierCode: "dao", name: "DAO" },
  bring: { carrierCode: "bring", name: "Bring" },
} as const;

export type ShipmondoCarrierId = keyof typeof SHIPMONDO_CARRIERS;

export const SHIPMONDO_CARRIER_IDS = Object.keys(SHIPMONDO_CARRIERS) as ShipmondoCarrierId[];
