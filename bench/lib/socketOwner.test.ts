import { describe, expect, it } from 'vitest';
import { socketInode } from './socketOwner';

const TABLE = [
  '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode',
  '   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 4905 1 0000000072a9e45c 100 0 0 10 0',
  '   1: 0100007F:1F90 0100007F:C350 01 00000000:00000000 00:00000000 00000000     0        0 7001 1 00000000ce3c6a32 20 4 30 10 -1',
  '   2: 0100007F:C350 0100007F:1F90 01 00000000:00000000 00:00000000 00000000     0        0 7002 1 00000000ce3c6a33 20 4 30 10 -1',
].join('\n');

describe('socketInode', () => {
  it("finds the client end by its own port and the server's (both ends of a loopback connection are listed)", () => {
    // 0xC350 = 50000 (the client's port), 0x1F90 = 8080 (the server's)
    expect(socketInode(TABLE, 50000, 8080)).toBe('7002');
    expect(socketInode(TABLE, 8080, 50000)).toBe('7001');
  });
  it('answers undefined for a connection that is not there', () => {
    expect(socketInode(TABLE, 50001, 8080)).toBeUndefined();
    expect(socketInode('', 1, 2)).toBeUndefined();
  });
});
