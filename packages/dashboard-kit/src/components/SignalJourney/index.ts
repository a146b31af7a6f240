export {
  formatDelay,
  SignalJourney,
  type SignalJourneyOutcome,
  type SignalJourneyOutOfSync,
  type SignalJourneyProps,
} from './SignalJourney';
