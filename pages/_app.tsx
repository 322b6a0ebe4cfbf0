// The Pages Router's frame, for the hosted pages (pages/): the same stylesheet and viewport as the
// App Router's root layout (app/layout.tsx).
import type { AppProps } from "next/app";
import Head from "next/head";
import "../app/globals.css";

export default function App({ Component, pageProps }: AppProps) {
  return (
    <>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </Head>
      <Component {...pageProps} />
    </>
  );
}
