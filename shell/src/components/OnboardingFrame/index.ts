export { OnboardingFrame } from './OnboardingFrame';
