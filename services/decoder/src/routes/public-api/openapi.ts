// The OpenAPI description of the public v1 API, made from the same zod schemas the routes validate
// with, so the document cannot drift from what the service accepts and answers.
import { z } from 'zod';
import { API_BATCH_MAX, API_ERRORS, ARTICLE_MAX_CHARS, DECODER_ERRORS, PUBLIC_API_PATHS } from '@keisha/contracts/decoder';
import { batchAnalysisResponse, batchBody, publicAnalysisResponse, publicArticle } from '@keisha/contracts/decoder/schemas';
import { apiErrorBody } from '@keisha/contracts/schemas';

/** A batch of 50 long articles is larger than the service's 1 MB limit for one request. */
export const BATCH_BODY_LIMIT = 5 * 1024 * 1024;

const schemaOf = (schema: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' });

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });

/** Every error code of the public API, with its status and meaning (the /developers page lists them). */
export const PUBLIC_API_ERRORS = [
  { status: 400, code: 'VALIDATION', meaning: 'The body is not valid JSON of the documented shape, or an article is empty, too long or malformed.' },
  { status: 400, code: DECODER_ERRORS.invalidArticle, meaning: 'The article looks like binary data, not text.' },
  { status: 400, code: API_ERRORS.batchTooLarge, meaning: `A batch holds more than ${API_BATCH_MAX} articles.` },
  { status: 401, code: API_ERRORS.invalidKey, meaning: 'No key, a malformed key, or a key that does not exist.' },
  { status: 401, code: API_ERRORS.revokedKey, meaning: 'The key was revoked on the account page.' },
  { status: 403, code: API_ERRORS.accountDisabled, meaning: 'The account the key belongs to is disabled.' },
  { status: 403, code: API_ERRORS.planRequired, meaning: 'The key’s owner no longer holds the annual plan.' },
  { status: 413, code: 'PAYLOAD_TOO_LARGE', meaning: `The body is larger than 1 MB (one article) or ${BATCH_BODY_LIMIT / 1024 / 1024} MB (a batch).` },
  { status: 429, code: DECODER_ERRORS.rateLimited, meaning: 'Too many requests with this key in the last minute.' },
  { status: 429, code: API_ERRORS.keyDailyLimit, meaning: 'The key’s articles for the UTC day are used up.' },
  { status: 429, code: API_ERRORS.accountDailyLimit, meaning: 'The account’s articles for the UTC day, all its keys together, are used up.' },
  { status: 503, code: DECODER_ERRORS.analysisFailed, meaning: 'The analysis could not be completed; nothing was counted.' },
  { status: 503, code: API_ERRORS.planUnavailable, meaning: 'The key’s account or plan could not be checked; try again.' },
] as const;

export function publicOpenApi(limits: { rateLimitMax: number; dailyLimits: { key: number; account: number } }) {
  const errors = (statuses: number[]) =>
    Object.fromEntries(
      statuses.map((status) => [
        String(status),
        errorResponse(PUBLIC_API_ERRORS.filter((e) => e.status === status).map((e) => `${e.code}: ${e.meaning}`).join(' ')),
      ]),
    );
  const operation = (summary: string, description: string, body: string, response: string) => ({
    summary,
    description,
    security: [{ apiKey: [] }],
    requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${body}` } } } },
    responses: { '200': { description: 'Analysed', content: { 'application/json': { schema: { $ref: `#/components/schemas/${response}` } } } }, ...errors([400, 401, 403, 413, 429, 503]) },
  });
  return {
    openapi: '3.0.3',
    info: {
      title: 'Keisha public API',
      version: '1.0.0',
      description: [
        'Decode news articles from your own tools: a bias score from 0 to 100, coded language with explanations, a summary and a plain-language rewrite, the same analysis as the Keisha news decoder.',
        'Every analysis also carries `analysis.advanced`, the advanced detection of the Monthly and Annual plans: `sentences` (each sentence scored on its own, the first 400), `agency` (passive clauses, which name no agent, which are harm done to someone), `sourcing` (who is quoted or paraphrased, as an official, community, expert, unnamed or other source, with the reporting verb and the words describing them) and `second_opinion` (the language model\u2019s own score and summary when the service has one, else null). Offsets are UTF-16 code units of the article.',
        `API keys come with the annual plan and are created on the account page. Limits: ${limits.dailyLimits.account.toLocaleString('en-US')} articles a UTC day per account, shared by all its keys (creating or revoking keys does not add to it), and at most ${limits.dailyLimits.key.toLocaleString('en-US')} of them per key; ${limits.rateLimitMax} requests a minute per key; articles of at most ${ARTICLE_MAX_CHARS.toLocaleString('en-US')} characters, ${API_BATCH_MAX} articles and ${BATCH_BODY_LIMIT / 1024 / 1024} MB per batch. A batch of N articles counts N; articles that fail to validate or analyse count nothing, nor do those of a request closed before its results were ready.`,
        'Every error answers `{ "success": false, "error": { "code", "message" } }` with a 4xx or 5xx status.',
      ].join('\n\n'),
    },
    servers: [{ url: '/' }],
    paths: {
      [PUBLIC_API_PATHS.analyze]: { post: operation('Analyse one article', 'Analyses one article and answers its analysis and translation, with the key’s count for the day.', 'Article', 'Analysis') },
      [PUBLIC_API_PATHS.batch]: {
        post: operation(
          `Analyse up to ${API_BATCH_MAX} articles`,
          'Each article is validated and analysed on its own: `results` has one entry per article, in order, either `{ "ok": true, "analysis", "translation" }` or `{ "ok": false, "error": { "code", "message" } }`. The whole request fails only for a malformed envelope, more than 50 articles, an oversized body, or a day whose remaining articles are fewer than the batch’s valid ones.',
          'Batch',
          'BatchResult',
        ),
      },
    },
    components: {
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer kei_live_…' } },
      schemas: {
        Article: schemaOf(publicArticle, 'input'),
        Batch: schemaOf(batchBody, 'input'),
        Analysis: schemaOf(publicAnalysisResponse, 'output'),
        BatchResult: schemaOf(batchAnalysisResponse, 'output'),
        Error: schemaOf(apiErrorBody, 'output'),
      },
    },
    'x-error-codes': PUBLIC_API_ERRORS,
    'x-limits': {
      requests_per_minute_per_key: limits.rateLimitMax,
      articles_per_day_per_account: limits.dailyLimits.account,
      articles_per_day_per_key: limits.dailyLimits.key,
      articles_per_batch: API_BATCH_MAX,
      article_max_characters: ARTICLE_MAX_CHARS,
      batch_body_bytes: BATCH_BODY_LIMIT,
    },
  };
}
