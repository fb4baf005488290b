// What a day's message says: the administrator's issue for that day, or the automatic one made from the
// decoder's term of the day and the reader's week. Every value from elsewhere is escaped here.
import type { z } from 'zod';
import type { newsletterDigestResponse } from '@keisha/contracts/decoder/schemas';
import { escapeHtml } from '../mail/templates.ts';
import type { NewsletterIssueRow } from '../db/database.ts';
import { issueHtml } from './markdown.ts';

export type Digest = z.infer<typeof newsletterDigestResponse>;

export interface NewsletterContent {
  subject: string;
  preview: string;
  bodyHtml: string;
  bodyText: string;
}

const H2 = 'font-size:18px;margin:16px 0 8px';
const P = 'margin:0 0 12px';

function firstSentence(text: string): string {
  const match = /^(.{1,160}?[.!?])(\s|$)/.exec(text.trim());
  return match ? match[1]! : text.trim().slice(0, 140);
}

export function issueContent(issue: Pick<NewsletterIssueRow, 'subject' | 'body' | 'format'>): NewsletterContent {
  const plain = issue.body.replace(/\r\n?/g, '\n').trim();
  return { subject: issue.subject, preview: firstSentence(plain.replace(/^#+\s*/gm, '').replace(/\s+/g, ' ')), bodyHtml: issueHtml(plain, issue.format), bodyText: plain };
}

export function automaticContent(digest: Digest, day: string, decoderUrl: string): NewsletterContent {
  const { term, week } = digest;
  const html: string[] = [
    `<h2 style="${H2}">Term of the day: ${escapeHtml(term.term)}</h2>`,
    `<p style="${P};color:#6b6b6b">${escapeHtml(term.category)}</p>`,
    `<p style="${P}">${escapeHtml(term.explanation)}</p>`,
  ];
  const text: string[] = [`TERM OF THE DAY: ${term.term}`, `(${term.category})`, '', term.explanation];
  if (term.replacement.trim()) {
    html.push(`<p style="${P}">Plainer wording: <strong>${escapeHtml(term.replacement)}</strong></p>`);
    text.push('', `Plainer wording: ${term.replacement}`);
  }
  if (/^https?:\/\//.test(term.source_url)) {
    html.push(`<p style="${P}"><a href="${escapeHtml(term.source_url)}" style="color:#1f1f1f">Where this comes from</a></p>`);
    text.push(`Where this comes from: ${term.source_url}`);
  }
  html.push(`<h2 style="${H2}">Your week</h2>`);
  text.push('', 'YOUR WEEK');
  if (week.count === 0) {
    html.push(`<p style="${P}">You decoded no articles in the seven days before ${day}. <a href="${escapeHtml(decoderUrl)}" style="color:#1f1f1f">Paste one into the decoder</a> to see its coded language.</p>`);
    text.push(`You decoded no articles in the seven days before ${day}. Paste one into the decoder: ${decoderUrl}`);
  } else {
    const summary = `You decoded ${week.count} ${week.count === 1 ? 'article' : 'articles'} in the seven days before ${day}; the average bias score was ${week.average_score}.`;
    html.push(`<p style="${P}">${escapeHtml(summary)}</p>`);
    text.push(summary, '');
    const items = week.analyses.map((analysis) => {
      const title = analysis.title.trim() || 'Untitled article';
      const terms = `${analysis.term_count} coded ${analysis.term_count === 1 ? 'term' : 'terms'}`;
      text.push(`- ${title}: score ${analysis.score}, ${terms} (${analysis.created_at.slice(0, 10)})`);
      return `<li>${escapeHtml(title)}: score ${analysis.score}, ${terms} (${analysis.created_at.slice(0, 10)})</li>`;
    });
    html.push(`<ul style="${P};padding-left:20px">${items.join('')}</ul>`);
  }
  return { subject: `Term of the day: ${term.term}`, preview: firstSentence(term.explanation), bodyHtml: html.join('\n'), bodyText: text.join('\n') };
}
