export {
  type AnsweringPlatform,
  organizationChain,
  type PlatformAnswers,
  startAnsweringPlatform,
} from './answering-platform';
