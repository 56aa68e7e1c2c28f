// The cover moved to components/ (the home gallery draws covers too, without loading the fic
// screens' code); the fic screens keep importing it from here.
export { StoryCover, coverSrcSet } from '../../../components/StoryCover';
