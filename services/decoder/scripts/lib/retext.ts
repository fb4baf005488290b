/** retext-equality, the engine behind alex, set up for English: the comparison point of bench.ts. */
import retextEnglish from 'retext-english';
import retextEquality from 'retext-equality';
import { unified } from 'unified';

export const unifiedFactory = unified;
export const retextEnglishPlugin = retextEnglish;
export const retextEqualityPlugin = retextEquality;
