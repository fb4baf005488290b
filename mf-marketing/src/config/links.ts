/** External destinations and contact addresses, kept in one place so a move is a one-line change. */
export const externalLinks = {
  /** Sister site of the news network: a repository of political discourse. */
  discourseRepository: 'https://discourse.keisha.ai',
  /** Sister site of the news network: the beta deployment of the news decoder. */
  decoderBeta: 'https://beta.decoder.keisha.ai',
  /** Spinde et al., "Neural Media Bias Detection Using Distant Supervision With BABE", Findings of EMNLP 2021. */
  babePaper: 'https://aclanthology.org/2021.findings-emnlp.101/',
  /** The external form enterprise prospects fill in to start onboarding (spec section 2, Pricing). */
  enterpriseOnboardingForm: 'https://forms.keisha.ai/enterprise-onboarding',
  /** The full paper behind the research intro at /knn. */
  knnFullPaper: 'https://discourse.keisha.ai/papers/keisha-news-network',
} as const;

/** Addresses people can write to. */
export const contactEmails = {
  /** General questions, press and partnerships (the About page's contact link). */
  hello: 'hello@keisha.ai',
  /** Payments, plans and accounts (the thank-you page's support contact). */
  support: 'support@keisha.ai',
} as const;

export function mailto(address: string, subject?: string): string {
  return subject ? `mailto:${address}?subject=${encodeURIComponent(subject)}` : `mailto:${address}`;
}
