import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { countryIso, type CountryCode } from './enums';
import type { StateOption } from './endpoints/address';

const US: [string, string][] = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['PR', 'Puerto Rico'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
];
const CA: [string, string][] = [
  ['AB', 'Alberta'],
  ['BC', 'British Columbia'],
  ['MB', 'Manitoba'],
  ['NB', 'New Brunswick'],
  ['NL', 'Newfoundland and Labrador'],
  ['NS', 'Nova Scotia'],
  ['NT', 'Northwest Territories'],
  ['NU', 'Nunavut'],
  ['ON', 'Ontario'],
  ['PE', 'Prince Edward Island'],
  ['QC', 'Quebec'],
  ['SK', 'Saskatchewan'],
  ['YT', 'Yukon'],
];
// ISO 3166-2:MX codes; three letters, so none collides with a US or Canadian code.
const MX: [string, string][] = [
  ['AGU', 'Aguascalientes'],
  ['BCN', 'Baja California'],
  ['BCS', 'Baja California Sur'],
  ['CAM', 'Campeche'],
  ['CHP', 'Chiapas'],
  ['CHH', 'Chihuahua'],
  ['CMX', 'Ciudad de México'],
  ['COA', 'Coahuila'],
  ['COL', 'Colima'],
  ['DUR', 'Durango'],
  ['GUA', 'Guanajuato'],
  ['GRO', 'Guerrero'],
  ['HID', 'Hidalgo'],
  ['JAL', 'Jalisco'],
  ['MEX', 'Estado de México'],
  ['MIC', 'Michoacán'],
  ['MOR', 'Morelos'],
  ['NAY', 'Nayarit'],
  ['NLE', 'Nuevo León'],
  ['OAX', 'Oaxaca'],
  ['PUE', 'Puebla'],
  ['QUE', 'Querétaro'],
  ['ROO', 'Quintana Roo'],
  ['SLP', 'San Luis Potosí'],
  ['SIN', 'Sinaloa'],
  ['SON', 'Sonora'],
  ['TAB', 'Tabasco'],
  ['TAM', 'Tamaulipas'],
  ['TLA', 'Tlaxcala'],
  ['VER', 'Veracruz'],
  ['YUC', 'Yucatán'],
  ['ZAC', 'Zacatecas'],
];
// ISO 3166-2:BS codes with the country prefix: several bare codes (AK, CO, IN, MI, NS) are also US or
// Canadian codes, and the request form finds the country from the state alone.
const BS: [string, string][] = [
  ['BS-AK', 'Acklins'],
  ['BS-BY', 'Berry Islands'],
  ['BS-BI', 'Bimini'],
  ['BS-CI', 'Cat Island'],
  ['BS-CO', 'Central Abaco'],
  ['BS-CS', 'Central Andros'],
  ['BS-CE', 'Central Eleuthera'],
  ['BS-FP', 'City of Freeport'],
  ['BS-EG', 'East Grand Bahama'],
  ['BS-EX', 'Exuma'],
  ['BS-HI', 'Harbour Island'],
  ['BS-IN', 'Inagua'],
  ['BS-LI', 'Long Island'],
  ['BS-MG', 'Mayaguana'],
  ['BS-NP', 'New Providence'],
  ['BS-NO', 'North Abaco'],
  ['BS-NS', 'North Andros'],
  ['BS-NE', 'North Eleuthera'],
  ['BS-SA', 'South Andros'],
  ['BS-SE', 'South Eleuthera'],
  ['BS-SS', 'San Salvador'],
  ['BS-WG', 'West Grand Bahama'],
];

export const STATES: readonly StateOption[] = [
  ...US.map(([value, label]) => ({ value, label, country: 'US' as const })),
  ...CA.map(([value, label]) => ({ value, label, country: 'CA' as const })),
  ...MX.map(([value, label]) => ({ value, label, country: 'MX' as const })),
  ...BS.map(([value, label]) => ({ value, label, country: 'BS' as const })),
];

const STATE_BY_VALUE = new Map(STATES.map((s) => [s.value, s]));

export function findState(value: string | null | undefined): StateOption | undefined {
  return value ? STATE_BY_VALUE.get(value.trim().toUpperCase()) : undefined;
}

/** The country of a chosen state; US when no state is chosen (ACCT-03: US default). */
export function countryOfState(value: string | null | undefined): CountryCode {
  return findState(value)?.country ?? 'US';
}

/** States of one country (create customer: changing the country filters the states). */
export function statesOf(country: CountryCode | number | null | undefined): StateOption[] {
  if (country === null || country === undefined) return [];
  const iso = typeof country === 'number' ? countryIso(country) : country;
  return STATES.filter((s) => s.country === iso);
}

/**
 * A valid phone number of that country (libphonenumber-js). The country must match too: US, Canada and the
 * Bahamas share the +1 plan, so a valid Bahamas number (area code 242) is not a US number.
 */
export function isValidPhone(phone: string, country: CountryCode): boolean {
  const value = phone.trim();
  if (!value) return false;
  const parsed = parsePhoneNumberFromString(value, country);
  return !!parsed && parsed.isValid() && parsed.country === country;
}

/** The phone in the national format of its country, or as stored when it does not parse. */
export function formatPhoneNational(phone: string | null | undefined, country: CountryCode): string {
  if (!phone) return '';
  const parsed = parsePhoneNumberFromString(phone, country);
  return parsed ? parsed.formatNational() : phone;
}

const ZIP_RULES: Partial<Record<CountryCode, RegExp>> = {
  US: /^\d{5}(-\d{4})?$/,
  CA: /^[A-Za-z]\d[A-Za-z][ -]?\d[A-Za-z]\d$/,
  MX: /^\d{5}$/,
};

/** US 5 digits or 5+4; Canada letter-digit-letter digit-letter-digit; Mexico 5 digits; otherwise any. */
export function isValidZip(zip: string, country: CountryCode): boolean {
  const value = zip.trim();
  if (!value) return false;
  const rule = ZIP_RULES[country];
  return rule ? rule.test(value) : true;
}
