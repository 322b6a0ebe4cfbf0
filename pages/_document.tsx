// The Pages Router's document, as app/layout.tsx's: language, description, icon and body styles.
// The hosted pages it serves send no script (components/static-page.tsx); the nonce the
// proxy made is still handed on, should a page ever send Next's.
import Document, { Head, Html, Main, NextScript, type DocumentContext, type DocumentInitialProps } from "next/document";

type Props = DocumentInitialProps & { nonce?: string };

export default class HostedDocument extends Document<Props> {
  static async getInitialProps(context: DocumentContext): Promise<Props> {
    const initial = await Document.getInitialProps(context);
    const nonce = context.req?.headers["x-nonce"];
    return { ...initial, nonce: typeof nonce === "string" ? nonce : undefined };
  }

  render() {
    const { nonce } = this.props;
    return (
      <Html lang="en">
        <Head nonce={nonce}>
          <meta
            name="description"
            content="Marketplace escrow: the buyer's money is held safely until the item arrives and is accepted."
          />
          <link rel="icon" href="/icon.svg" type="image/svg+xml" />
        </Head>
        <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
          <Main />
          <NextScript nonce={nonce} />
        </body>
      </Html>
    );
  }
}
