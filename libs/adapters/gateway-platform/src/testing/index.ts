export {
  type AnsweringPlatform,
  organizationChain,
  type PlatformAnswers,
  type SeenRequest,
  startAnsweringPlatform,
} from './answering-platform';
