/**
 * The firm's fields the build works out instead of an editor typing them, as plugins/content-model's resolvers give
 * them: the number a tap dials (from the number as written and the office's country) and the state's full name (from
 * its code). The editor's preview and the tests see the firm through this, so they show what the build shows.
 */
import { regionName } from "./address";
import type { Schemas } from "./model";
import { dialNumber } from "./phone";

type Fields = Record<string, unknown>;

/** `firm` with phone.dial and address.regionName; an empty dial for a number that cannot be dialled. */
export function withComputedFirmFields<T extends { phone: Fields; address: Fields }>(firm: T, schemas: Schemas) {
  const text = (value: unknown) => String(value ?? "");
  return {
    ...firm,
    phone: { ...firm.phone, dial: dialNumber(text(firm.phone.display), text(firm.address.country)) ?? "" },
    address: { ...firm.address, regionName: regionName(schemas, text(firm.address.region)) },
  };
}
