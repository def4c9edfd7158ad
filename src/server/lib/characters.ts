/**
 * The length of text as every limit of the service counts it: in characters (Unicode code points), as
 * JSON Schema's maxLength and PostgreSQL's varchar(n) do, not in UTF-16 units as String#length does
 * (an emoji is one character but two units).
 */
export function characterCount(text: string): number {
  let count = text.length;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const next = text.charCodeAt(index + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      count -= 1;
      index += 1;
    }
  }
  return count;
}
