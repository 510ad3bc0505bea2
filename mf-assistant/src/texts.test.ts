import { remainingTasks } from './texts';

describe('remainingTasks', () => {
  it("writes spec 2.11's '{n} remaining tasks' for every n, one included", () => {
    expect(remainingTasks(9)).toBe('9 remaining tasks');
    expect(remainingTasks(2)).toBe('2 remaining tasks');
    expect(remainingTasks(1)).toBe('1 remaining tasks');
    expect(remainingTasks(0)).toBe('0 remaining tasks');
  });
});
