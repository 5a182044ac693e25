import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Clock } from './platform/clock.ts';
import type { FileStorage } from './platform/storage.ts';
import type { PaymentProvider } from './platform/payment-providers.ts';
import type { PaymentProviderName } from '@portal/domain/commerce/enums.ts';

/** What services need from the outside world; tests build real ones of their own. */
export interface AppDeps {
  config: Config;
  db: Database;
  clock: Clock;
  storage: FileStorage;
  /**
   * The provider a payment was paid with, to refund it (platform/payment-providers.ts providerOfPayment
   * when absent); tests put a fake provider here rather than call one over the network.
   */
  paymentProviderOf?: (name: PaymentProviderName) => PaymentProvider | null;
}
