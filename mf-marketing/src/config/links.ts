/** External destinations, kept in one place so a move of a sister site is a one-line change. */
export const externalLinks = {
  /** Sister site of the news network: a repository of political discourse. */
  discourseRepository: 'https://discourse.keisha.ai',
  /** Sister site of the news network: the beta deployment of the news decoder. */
  decoderBeta: 'https://beta.decoder.keisha.ai',
  /** Spinde et al., "Neural Media Bias Detection Using Distant Supervision With BABE", Findings of EMNLP 2021. */
  babePaper: 'https://aclanthology.org/2021.findings-emnlp.101/',
} as const;
