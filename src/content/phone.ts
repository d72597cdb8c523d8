/**
 * The firm's phone number: the editor types it once, as people write it ("(310) 555-0142"); the number a tel: link and
 * the JSON-LD dial is derived from it, in E.164 ("+13105550142"), with the office's country for a number written
 * without one. The build, the content check and the editor's pre-save check all use this one function.
 */
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/min";

/** The number in E.164, or null when it is not a number that can be dialled from `country` (ISO 3166 alpha-2). */
export function dialNumber(written: string, country: string): string | null {
  const number = parsePhoneNumberFromString(written, country.toUpperCase() as CountryCode);
  return number && number.isValid() ? number.number : null;
}
