/** A link that opens a postal address in the visitor's map service. */
export function mapUrl(address: { street: string; city: string; region: string; postalCode: string }): string {
  const query = `${address.street}, ${address.city}, ${address.region} ${address.postalCode}`;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
