/** The works cited on /knn, in the order of first citation. */
export interface Reference {
  id: string;
  citation: string;
  url?: string;
}

export const REFERENCES: Reference[] = [
  {
    id: 'entman-1992',
    citation: 'Entman, R. M. (1992). Blacks in the news: Television, modern racism and cultural change. Journalism Quarterly, 69(2), 341-361.',
  },
  {
    id: 'dixon-linz-2000',
    citation:
      'Dixon, T. L., & Linz, D. (2000). Overrepresentation and underrepresentation of African Americans and Latinos as lawbreakers on television news. Journal of Communication, 50(2), 131-154.',
  },
  {
    id: 'gilliam-iyengar-2000',
    citation:
      'Gilliam, F. D., Jr., & Iyengar, S. (2000). Prime suspects: The influence of local television news on the viewing public. American Journal of Political Science, 44(3), 560-573.',
    url: 'https://doi.org/10.2307/2669264',
  },
  {
    id: 'haney-lopez-2014',
    citation:
      'Haney López, I. (2014). Dog Whistle Politics: How Coded Racial Appeals Have Reinvented Racism and Wrecked the Middle Class. Oxford University Press.',
  },
  {
    id: 'caliskan-2017',
    citation:
      'Caliskan, A., Bryson, J. J., & Narayanan, A. (2017). Semantics derived automatically from language corpora contain human-like biases. Science, 356(6334), 183-186.',
    url: 'https://doi.org/10.1126/science.aal4230',
  },
  {
    id: 'fuller-1969',
    citation:
      'Fuller, N., Jr. (1969; revised 1984). The United Independent Compensatory Code/System/Concept: A Textbook/Workbook for Thought, Speech and/or Action for Victims of Racism (White Supremacy).',
  },
  {
    id: 'welsing-1991',
    citation: 'Welsing, F. C. (1991). The Isis Papers: The Keys to the Colors. Third World Press.',
  },
  {
    id: 'recasens-2013',
    citation:
      'Recasens, M., Danescu-Niculescu-Mizil, C., & Jurafsky, D. (2013). Linguistic models for analyzing and detecting biased language. Proceedings of ACL 2013.',
    url: 'https://aclanthology.org/P13-1162/',
  },
  {
    id: 'pryzant-2020',
    citation: 'Pryzant, R., Diehl Martinez, R., Dass, N., Kurohashi, S., Jurafsky, D., & Yang, D. (2020). Automatically neutralizing subjective bias in text. Proceedings of AAAI 2020.',
    url: 'https://arxiv.org/abs/1911.09709',
  },
  {
    id: 'spinde-2021',
    citation:
      'Spinde, T., Plank, M., Krieger, J.-D., Ruas, T., Gipp, B., & Aizawa, A. (2021). Neural media bias detection using distant supervision with BABE. Findings of EMNLP 2021.',
    url: 'https://aclanthology.org/2021.findings-emnlp.101/',
  },
  {
    id: 'mendelsohn-2023',
    citation:
      'Mendelsohn, J., Le Bras, R., Choi, Y., & Sap, M. (2023). From dogwhistles to bullhorns: Unveiling coded rhetoric with language models. Proceedings of ACL 2023.',
    url: 'https://aclanthology.org/2023.acl-long.845/',
  },
  {
    id: 'sap-2019',
    citation:
      'Sap, M., Card, D., Gabriel, S., Choi, Y., & Smith, N. A. (2019). The risk of racial bias in hate speech detection. Proceedings of ACL 2019.',
    url: 'https://aclanthology.org/P19-1163/',
  },
  {
    id: 'buolamwini-gebru-2018',
    citation:
      'Buolamwini, J., & Gebru, T. (2018). Gender shades: Intersectional accuracy disparities in commercial gender classification. Proceedings of FAT* 2018, PMLR 81, 77-91.',
    url: 'https://proceedings.mlr.press/v81/buolamwini18a.html',
  },
];
