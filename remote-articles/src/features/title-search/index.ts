// Public face of the title-search feature ("Search all titles (5 word limit)").
export { TitleSearchPanel } from './components/TitleSearchPanel';
