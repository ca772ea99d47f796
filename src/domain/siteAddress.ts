/** The words of a piece of an address, lower-cased: "21100 Varese VA" → ["21100", "varese", "va"]. */
const wordsOf = (text: string) =>
  text
    .toLocaleLowerCase('it-IT')
    .split(/[^\p{L}\p{N}']+/u)
    .filter(Boolean);

/**
 * A site as one line: its address and its town, the town left out when the address already names it after
 * the street ("Via Roma 33, Varese" and "Varese" is "Via Roma 33, Varese", not "…, Varese, Varese"). The
 * street itself may carry a town's name ("Via Milano 3"), so only what follows it counts.
 */
export function siteAddress(address: string | null | undefined, town: string | null | undefined): string | null {
  const street = address?.trim() ?? '';
  const place = town?.trim() ?? '';
  const townWords = wordsOf(place);
  const named =
    townWords.length > 0 &&
    street
      .split(',')
      .slice(1)
      .some((part) => {
        const words = wordsOf(part);
        return words.some((_, i) => townWords.every((w, j) => words[i + j] === w));
      });
  return [street, named ? '' : place].filter(Boolean).join(', ') || null;
}
