// The stand-in's products and their prices, by weight. Shipmondo's quotes are estimates on its own
// agreement, so any plausible table will do; what matters is the form: prices are decimal kroner
// with two decimals, including VAT (`price`) and without (`price_before_vat`, 80 % of it: Danish
// VAT is 25 %), and products are offered only up to their weight limit.
//
// Product codes are the ones Shipmondo's openapi.json uses in its examples and enums, except DAO's:
// the document names none, so `DAO_SP` is the stand-in's own.
export interface Product {
  productCode: string;
  carrierCode: string;
  description: string;
  productId: number;
  /** [up to grams, price including VAT as decimal text], lightest first. */
  bands: readonly (readonly [number, string])[];
}

export const PRODUCTS: readonly Product[] = [
  {
    productCode: "GLSDK_SD",
    carrierCode: "gls",
    description: "ShopDelivery",
    productId: 64,
    bands: [
      [1000, "39.00"],
      [5000, "54.29"],
      [20000, "89.95"],
    ],
  },
  {
    productCode: "GLSDK_HD",
    carrierCode: "gls",
    description: "HomeDelivery",
    productId: 65,
    bands: [
      [5000, "69.00"],
      [20000, "99.00"],
    ],
  },
  {
    productCode: "PDK_MH",
    carrierCode: "pdk",
    description: "MyPack Home",
    productId: 301,
    bands: [
      [5000, "62.50"],
      [20000, "95.10"],
    ],
  },
  {
    productCode: "PDK_BP",
    carrierCode: "pdk",
    description: "Business Parcel",
    productId: 302,
    bands: [[20000, "120.00"]],
  },
  {
    productCode: "DAO_SP",
    carrierCode: "dao",
    description: "DAO Shop",
    productId: 401,
    bands: [
      [2000, "35.95"],
      [15000, "49.95"],
    ],
  },
  {
    productCode: "BRI_PPB",
    carrierCode: "bring",
    description: "PickUp Parcel Bulk",
    productId: 501,
    bands: [[20000, "75.40"]],
  },
];

export function productByCode(productCode: string): Product | undefined {
  return PRODUCTS.find((product) => product.productCode === productCode);
}

/** The price for this weight, or null above the product's limit. */
export function priceFor(product: Product, weightGrams: number): string | null {
  return product.bands.find(([limit]) => weightGrams <= limit)?.[1] ?? null;
}

/** 80 % of a two-decimal price, in decimal text, computed on integers (øre). */
export function priceBeforeVat(price: string): string {
  const [whole = "0", fraction = ""] = price.split(".");
  const ore = (BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0").slice(0, 2))) * 4n;
  const before = (ore + 2n) / 5n;
  return `${before / 100n}.${(before % 100n).toString().padStart(2, "0")}`;
}
