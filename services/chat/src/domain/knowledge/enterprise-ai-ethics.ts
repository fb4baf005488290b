import type { Passage } from './types.ts';

export const ENTERPRISE_AI_ETHICS: Passage[] = [
  {
    id: 'enterprise/nist-ai-rmf',
    topic: 'enterprise',
    title: 'A backbone for an AI-ethics programme: the NIST AI RMF',
    text:
      'The NIST AI Risk Management Framework (AI RMF 1.0, January 2023) organises AI risk work into four functions. Govern: policies, roles, accountability and a culture that takes risk seriously. Map: the context, the purpose and the people a system affects. Measure: test and track risks, harmful bias among them, with quantitative and qualitative methods. Manage: prioritise and act on risks, monitor them, and retire systems that cannot be made safe. It is voluntary and widely used as the backbone of enterprise AI-ethics programmes, and NIST publishes a Playbook of suggested actions for each function.',
    keywords: ['enterprise ai ethics best practices', 'best practices', 'governance', 'risk management', 'framework', 'nist', 'rmf', 'company', 'organization', 'corporate', 'responsible ai'],
    sources: [
      { title: 'NIST AI Risk Management Framework', url: 'https://www.nist.gov/itl/ai-risk-management-framework' },
      { title: 'NIST AI 100-1, AI RMF 1.0 (2023)', url: 'https://doi.org/10.6028/NIST.AI.100-1' },
    ],
  },
  {
    id: 'enterprise/disaggregated-evaluation',
    topic: 'enterprise',
    title: 'Never accept one accuracy number',
    text:
      'Break every evaluation down by race, ethnicity, gender, age and their intersections, on data that looks like the people the system will actually meet. Report false positives and false negatives separately, because they hurt different people in different ways: a false match can mean a wrongful stop, a false rejection a denied loan or job. Decide the acceptable gap before you test, not after you see the results, and write down who signed off. Gender Shades and NIST\'s face recognition studies show how large the gaps hidden in one average can be.',
    keywords: ['testing', 'evaluation', 'metrics', 'accuracy', 'disaggregated', 'subgroup', 'groups', 'bias testing', 'test a model for bias', 'best practices', 'enterprise ai ethics best practices', 'how to test for bias'],
    sources: [
      { title: 'Buolamwini & Gebru, Gender Shades (2018)', url: 'https://proceedings.mlr.press/v81/buolamwini18a.html' },
      { title: 'NISTIR 8280, demographic effects in face recognition (2019)', url: 'https://doi.org/10.6028/NIST.IR.8280' },
    ],
  },
  {
    id: 'enterprise/fairness-metrics',
    topic: 'enterprise',
    title: 'Fairness metrics and the four-fifths rule',
    text:
      'Fairness has several measurable meanings that can conflict: independence (equal selection rates across groups), separation (equal error rates for people with the same true outcome) and sufficiency (a score means the same thing for every group), as Solon Barocas, Moritz Hardt and Arvind Narayanan set out in Fairness and Machine Learning. In U.S. employment, the Uniform Guidelines\' four-fifths rule treats a selection rate for any group below 80% of the highest group\'s rate as evidence of adverse impact. Choose the metric that matches the harm, say why, and publish it.',
    keywords: ['fairness metrics', 'demographic parity', 'equalized odds', 'calibration', 'four-fifths rule', 'adverse impact', 'disparate impact', 'eeoc', '80 percent'],
    sources: [
      { title: 'Barocas, Hardt & Narayanan, Fairness and Machine Learning (MIT Press, 2023)', url: 'https://fairmlbook.org/' },
      { title: '29 CFR 1607.4(D), Uniform Guidelines on Employee Selection Procedures', url: 'https://www.ecfr.gov/current/title-29/subtitle-B/chapter-XIV/part-1607/section-1607.4' },
    ],
  },
  {
    id: 'enterprise/nyc-local-law-144',
    topic: 'enterprise',
    title: 'Bias audits for hiring tools: New York City Local Law 144',
    text:
      'New York City\'s Local Law 144, enforced since July 2023, bars employers and employment agencies from using an automated employment decision tool to screen candidates or employees for hiring or promotion unless the tool has had an independent bias audit within the past year, a summary of the results is published, and candidates are told the tool is used. The audit reports selection rates and impact ratios by sex, by race and ethnicity, and by their intersections.',
    keywords: ['hiring', 'recruiting', 'employment', 'aedt', 'local law 144', 'new york', 'nyc', 'job applicants', 'screening', 'ai hiring tools', 'bias audit', 'regulation', 'law', 'compliance', 'hr'],
    sources: [{ title: 'NYC Department of Consumer and Worker Protection, Automated Employment Decision Tools', url: 'https://www.nyc.gov/site/dca/about/automated-employment-decision-tools.page' }],
  },
  {
    id: 'enterprise/eu-ai-act',
    topic: 'enterprise',
    title: 'The EU AI Act and high-risk systems',
    text:
      'The EU Artificial Intelligence Act (Regulation (EU) 2024/1689) treats AI used in employment, education, credit scoring, access to essential services, law enforcement, migration and the administration of justice as high-risk. Providers of such systems must, among other duties, govern their training, validation and testing data, including examining it for biases likely to affect fundamental rights or lead to discrimination (Article 10), design the system for effective human oversight (Article 14), and keep technical documentation and logs. The Act also bans some practices outright, including biometric categorisation that infers a person\'s race.',
    keywords: ['eu ai act', 'europe', 'european', 'european union', 'eu law', 'regulation', 'law', 'compliance', 'high-risk', 'article 10', 'human oversight', 'gdpr', 'legal'],
    sources: [{ title: 'Regulation (EU) 2024/1689 (Artificial Intelligence Act)', url: 'https://eur-lex.europa.eu/eli/reg/2024/1689/oj' }],
  },
  {
    id: 'enterprise/internal-audit',
    topic: 'enterprise',
    title: 'Internal audits and documentation: SMACTR, datasheets, model cards',
    text:
      'Deborah Raji and colleagues\' framework for internal algorithmic auditing (FAT* 2020) runs alongside development in five stages, Scoping, Mapping, Artifact collection, Testing and Reflection (SMACTR), and leaves a document at each stage, so ethics review is more than a last-minute checkbox. Pair it with Datasheets for Datasets (Gebru et al.), which record where data came from, who is in it and who is not, and Model Cards (Mitchell et al., 2019), which report a model\'s intended use and its performance broken down by group.',
    keywords: ['audit', 'internal audit', 'smactr', 'datasheets', 'model cards', 'documentation', 'accountability', 'best practices', 'enterprise ai ethics best practices'],
    sources: [
      { title: 'Raji et al., Closing the AI Accountability Gap, FAT* 2020', url: 'https://dl.acm.org/doi/10.1145/3351095.3372873' },
      { title: 'Gebru et al., Datasheets for Datasets', url: 'https://arxiv.org/abs/1803.09010' },
      { title: 'Mitchell et al., Model Cards for Model Reporting, FAT* 2019', url: 'https://arxiv.org/abs/1810.03993' },
    ],
  },
  {
    id: 'enterprise/governance',
    topic: 'enterprise',
    title: 'Who owns AI ethics in an organisation',
    text:
      'An AI-ethics programme works when someone with authority owns it: a named accountable executive; a review board that includes people from affected communities and can stop a launch; a budget for audits; and an incident process that records harms and fixes them. Bring the people a system will judge into its design from the start; Sasha Costanza-Chock\'s Design Justice (2020) argues that those most affected should lead. Give everyone a model decides about a plain-language notice, a way to appeal, and a human who can overturn the decision. ISO/IEC 42001 (2023) offers a certifiable management-system standard for this work.',
    keywords: ['governance', 'ethics board', 'review board', 'accountability', 'design justice', 'community', 'appeal', 'human review', 'iso 42001', 'enterprise ai ethics best practices', 'best practices', 'leadership'],
    sources: [
      { title: 'Costanza-Chock, Design Justice (MIT Press, 2020)', url: 'https://designjustice.mitpress.mit.edu/' },
      { title: 'ISO/IEC 42001:2023, AI management systems', url: 'https://www.iso.org/standard/81230.html' },
    ],
  },
  {
    id: 'enterprise/procurement',
    topic: 'enterprise',
    title: 'Questions to ask an AI vendor',
    text:
      'Buying AI is deploying it. Before signing, ask the vendor for: performance broken down by race, gender and age on data like yours; where the training data came from and on what consent; which fairness metric they use and what gaps they found; independent audit results; how a decision can be overridden and appealed; what is logged for later review; and contract terms that let you audit, pause and exit. Then run your own pilot and measure outcomes by group before you scale.',
    keywords: ['vendor', 'procurement', 'buying', 'purchase', 'contract', 'due diligence', 'checklist', 'questions', 'enterprise ai ethics best practices', 'best practices'],
    sources: [{ title: 'NIST AI Risk Management Framework (Map and Measure functions)', url: 'https://www.nist.gov/itl/ai-risk-management-framework' }],
  },
  {
    id: 'enterprise/existing-law',
    topic: 'enterprise',
    title: 'Existing law already applies to AI',
    text:
      'The U.S. Federal Trade Commission warned companies in 2021 that selling or using racially biased algorithms can break the FTC Act, the Fair Credit Reporting Act and the Equal Credit Opportunity Act, and told them to test for discrimination, be transparent and not overstate what their AI can do. In December 2023 it banned Rite Aid from using facial recognition for surveillance for five years, after the chain\'s system falsely flagged shoppers as likely shoplifters, with harms falling especially on Black, Asian, Latino and women customers.',
    keywords: ['ftc', 'law', 'legal', 'compliance', 'regulation', 'rite aid', 'enforcement', 'credit', 'lawsuit', 'liability'],
    sources: [
      { title: 'FTC, Aiming for truth, fairness, and equity in your company\'s use of AI (2021)', url: 'https://www.ftc.gov/business-guidance/blog/2021/04/aiming-truth-fairness-equity-your-companys-use-ai' },
      { title: 'American Bar Association, FTC enforcement against Rite Aid\'s facial recognition', url: 'https://www.americanbar.org/groups/antitrust_law/resources/newsletters/ftc-enforcement-rite-aid-facial-recognition/' },
    ],
  },
  {
    id: 'enterprise/monitoring',
    topic: 'enterprise',
    title: 'Bias after launch: monitor, report, repair',
    text:
      'Bias can appear after launch, as the population, the data or the model changes. Monitor outcomes by group continuously, with thresholds that raise an alert; give users a way to report harm; log decisions so they can be audited; and publish what you find and fix. The AI Incident Database collects public reports of AI harms, a good source of failure modes to test against before they happen to you.',
    keywords: ['monitoring', 'drift', 'incidents', 'post-deployment', 'after launch', 'after deployment', 'deployed', 'biased results', 'production', 'reporting', 'incident database', 'best practices'],
    sources: [{ title: 'AI Incident Database', url: 'https://incidentdatabase.ai/' }],
  },
];
