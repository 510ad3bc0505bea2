export { MyPlanTile } from './MyPlanTile';
