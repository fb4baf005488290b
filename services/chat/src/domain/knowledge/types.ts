import { z } from 'zod';

export const TOPIC_IDS = ['ai-bias', 'white-supremacy', 'enterprise', 'strategies', 'decoder', 'keisha'] as const;

export type TopicId = (typeof TOPIC_IDS)[number];

/**
 * One passage of the offline library (passages/*.json): facts from public work, written in our own words and in
 * Keisha's voice, each with the sources a reader can check. Passages about the product itself link to the
 * product's own pages. Checked when the library loads, so a slip in a data file stops the service at start-up.
 */
export const passageSchema = z
  .strictObject({
    /** `<topic>/<slug>`, stable: tests and logs refer to it. */
    id: z.string().regex(/^[a-z-]+\/[a-z0-9-]+$/),
    topic: z.enum(TOPIC_IDS),
    title: z.string().min(1),
    text: z.string().min(1),
    /** Extra words a reader might search with (names, synonyms) that the text does not use. */
    keywords: z.array(z.string().min(1)),
    sources: z.array(z.strictObject({ title: z.string().min(1), url: z.string().min(1) })).min(1),
  })
  .refine((passage) => passage.id.startsWith(`${passage.topic}/`), { message: 'id must start with its topic and a slash' });

export type Passage = z.infer<typeof passageSchema>;

/** The passages of one data file, checked; an error names the file and the passage at fault. */
export function passagesFrom(file: string, data: unknown): Passage[] {
  const result = z.array(passageSchema).safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new Error(`knowledge/passages/${file}: ${issue.path.join('.')}: ${issue.message}`);
  }
  return result.data;
}
