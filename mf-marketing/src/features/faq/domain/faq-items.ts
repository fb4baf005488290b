// The twelve questions of /faq (spec section 2). Prices are never written here: they live in billing's
// catalogue and are shown on /pricing, which the answers point to.

export interface FaqLink {
  label: string;
  /** A path on this site. */
  to: string;
}

export interface FaqItem {
  /** Stable, URL-safe: used for element ids. */
  id: string;
  question: string;
  /** Paragraphs of plain text. */
  answer: string[];
  link?: FaqLink;
}

export const FAQ_ITEMS: FaqItem[] = [
  {
    id: 'what-is-keisha',
    question: 'What is Keisha?',
    answer: [
      'Keisha is an AI-ethics and bias-detection platform with a counter-racist framing. It has two working parts: the News Decoder, which reads an article for biased framing and coded racial language, and Keisha, a chat assistant that answers questions as a counter-racist scholar.',
      'It is built for enterprises, universities, students, researchers and anyone who wants to read the news with sharper eyes.',
    ],
  },
  {
    id: 'how-scoring-works',
    question: 'How does the News Decoder score an article?',
    answer: [
      'You paste the text of an article and get a bias score from 0 to 100, a list of the euphemisms and codewords it found with an explanation of each, an analyst summary, and a rewrite of the article in plain terms.',
      'Scores above 75 are shown in red, above 50 in orange, above 25 in cyan, and the rest in green. The score is a reading aid, not a verdict: the explanations are there so you can check every flag yourself.',
    ],
    link: { label: 'Try the News Decoder', to: '/bias-detection' },
  },
  {
    id: 'codewords',
    question: 'What counts as a euphemism or a codeword?',
    answer: [
      'A phrase that carries a racial meaning without naming race: a place word used to mean Black and brown neighborhoods, a crime word applied to one group\'s protest and not another\'s, a policy slogan with a long history of coded use. Political scientists call the deliberate kind "dog whistles".',
      'Covert racial codewords carry a "WF codeword" badge; euphemisms and loaded framing are listed without it. A term used more than once shows how many times it appears, and every entry says what the phrase is doing.',
    ],
  },
  {
    id: 'account',
    question: 'Do I need an account?',
    answer: [
      'No. Anyone can use the News Decoder as a guest, with three analyses a day. Guest use is counted by IP address and in your browser, so the allowance is fair to everyone.',
      'A free account keeps the same daily allowance and adds a history of your analyses. The chat assistant is for signed-in members.',
    ],
  },
  {
    id: 'plans',
    question: 'What do the paid plans add?',
    answer: [
      'Monthly raises the allowance to ten analyses a day and adds advanced detection, priority support and a daily newsletter. Annual makes analyses unlimited, with priority support and access to the public API (keys on the account page). Every reader can export an analysis as a Markdown report. Current prices, and what Annual saves against paying monthly, are on the Pricing page.',
    ],
    link: { label: 'See current prices', to: '/pricing' },
  },
  {
    id: 'limits-reset',
    question: 'When does my daily allowance reset?',
    answer: [
      'At midnight in your own time zone. An analysis that fails does not use up one of your daily analyses.',
    ],
  },
  {
    id: 'privacy',
    question: 'What happens to the articles I paste?',
    answer: [
      'As a guest, the text is analysed and not kept. Signed in, each analysis is saved to your own history so you can reopen it later, and you can delete any entry. We never publish or sell what you analyse.',
    ],
  },
  {
    id: 'accuracy',
    question: 'Can Keisha be wrong?',
    answer: [
      'Yes. AI can make mistakes, and bias in language is contested even among trained experts: the researchers behind the BABE news-bias dataset report only moderate agreement between their own expert annotators. Treat each flag as a prompt to look closer, and read the explanation before you accept it.',
      'We measure the decoder against public, expert-labelled data and publish the results, including where it falls short.',
    ],
  },
  {
    id: 'why-counter-racist',
    question: 'Why a counter-racist framing rather than a "neutral" one?',
    answer: [
      'Because a tool that treats every framing as equally valid ends up protecting the framing that is already dominant. Studies of television news have found Black people shown as criminal suspects more often than arrest records justify, and coverage like that shapes what readers and AI models learn.',
      'A counter-racist reading names that pattern directly. Keisha explains its reasoning each time, so you can agree or disagree on the evidence.',
    ],
    link: { label: 'Read the research intro', to: '/knn' },
  },
  {
    id: 'chat-release',
    question: 'When will the full platform open to everyone?',
    answer: [
      'The News Decoder is open to everyone today, and the chat assistant to everyone who signs in. The full Keisha platform, with the two together and team tools, is set for a December release. Join the waitlist on the home page and we will write to you the day it opens.',
    ],
    link: { label: 'Join the waitlist', to: '/#waitlist' },
  },
  {
    id: 'organizations',
    question: 'Can my company, newsroom or university use Keisha?',
    answer: [
      'Yes. Organizations use Keisha to check press releases, training material and model output before it is published, and universities bring it into journalism, media-studies and data-ethics teaching. The Pricing page links to our enterprise onboarding form.',
    ],
    link: { label: 'Enterprise options', to: '/pricing' },
  },
  {
    id: 'billing-help',
    question: 'How do I cancel, or get help with a payment?',
    answer: [
      'You cancel a renewing plan yourself: open Your Account (the Account link in the menu) and press Cancel plan next to the plan, or in the chat open Settings and press Cancel plan under Account. You are asked to confirm, and nothing is refunded.',
      'A cancelled plan does not renew and stays active until the end of the period you already paid for: the account page then says "Active until" with that date instead of "Renews on". A lifetime plan never renews, so there is nothing to cancel.',
      'For anything about a payment, write to support@keisha.ai with your subscription or transaction ID, so we can find it straight away.',
    ],
    link: { label: 'Your Account', to: '/account' },
  },
];
