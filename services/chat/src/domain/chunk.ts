/**
 * Splits a text into small pieces for streaming, like a model's tokens: `wordsPerChunk` words each,
 * every piece keeping the whitespace that follows it. Joining the pieces gives the text back exactly.
 */
export function chunkText(text: string, wordsPerChunk = 3): string[] {
  const pieces = text.match(/\s*\S+\s*/g) ?? (text ? [text] : []);
  const chunks: string[] = [];
  for (let i = 0; i < pieces.length; i += wordsPerChunk) chunks.push(pieces.slice(i, i + wordsPerChunk).join(''));
  return chunks;
}
