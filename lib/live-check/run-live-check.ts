// `npm run cli -- live check`: this deployment's configuration for live mode, checked against the
// providers it chose for live (lib/outside-parties.ts). Each provider's checks run only when that
// provider is chosen, and they run side by side: each waits on its own provider's network. The
// report never holds a secret's value (report.ts); docs/go-live.md is the path it checks.
import { checkDeployment } from "./check-deployment.ts";
import { checkEidBroker } from "./check-eid-broker.ts";
import { checkLiveMode } from "./check-live-mode.ts";
import { checkReplicas } from "./check-replicas.ts";
import { checkShipmondo } from "./check-shipmondo.ts";
import { checkStripe } from "./check-stripe.ts";
import { liveChoice, usesShipmondo } from "./live-choices.ts";
import { liveCheckReport, type LiveCheckReport, type LiveCheckTarget } from "./report.ts";

export async function runLiveCheck(options: { target?: LiveCheckTarget } = {}): Promise<LiveCheckReport> {
  const target = options.target ?? "live";
  // The replicas are asked while the providers are: each waits on its own network.
  const [replicas, ...providers] = await Promise.all([
    checkReplicas(),
    liveChoice("PAYMENT_RAIL").provider === "stripe" ? checkStripe(target) : null,
    liveChoice("IDENTITY_PROVIDER").provider === "oidc" ? checkEidBroker(target) : null,
    usesShipmondo() ? checkShipmondo(target) : null,
  ]);
  const sections = [
    checkLiveMode(),
    checkDeployment(target),
    replicas,
    ...providers.filter((section) => section !== null),
  ];
  return liveCheckReport(target, sections);
}
