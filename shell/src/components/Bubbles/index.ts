export { BubbleStack, BUBBLE_ANIMATION_MS, BUBBLE_VISIBLE_MS } from './BubbleStack';
