import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * The inode of the TCP socket whose local port is `localPort` and whose peer's port is `remotePort`, from the
 * text of /proc/net/tcp or /proc/net/tcp6 (ports in hex after the colon; the inode is the tenth column).
 */
export function socketInode(table: string, localPort: number, remotePort: number): string | undefined {
  for (const line of table.split('\n').slice(1)) {
    const f = line.trim().split(/\s+/);
    if (f.length < 10) continue;
    const port = (address: string) => Number.parseInt(address.slice(address.lastIndexOf(':') + 1), 16);
    if (port(f[1]!) === localPort && port(f[2]!) === remotePort) return f[9];
  }
  return undefined;
}

/**
 * Which of `pids` holds the client end of a loopback connection that reached a server on `serverPort` from
 * `clientPort`: its socket's inode, looked up in /proc/net/tcp{,6}, among each process's open files. Read once
 * per connection (keep-alive connections carry many requests); undefined where /proc cannot tell (not Linux,
 * the connection already gone).
 */
export function socketOwner(
  clientPort: number,
  serverPort: number,
  pids: Readonly<Record<string, number>>,
): string | undefined {
  let inode: string | undefined;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    try {
      inode = socketInode(readFileSync(file, 'utf8'), clientPort, serverPort);
    } catch {
      // no such table here
    }
    if (inode) break;
  }
  if (!inode || inode === '0') return undefined;
  const wanted = `socket:[${inode}]`;
  for (const [name, pid] of Object.entries(pids)) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`))
        try {
          if (readlinkSync(`/proc/${pid}/fd/${fd}`) === wanted) return name;
        } catch {
          // closed meanwhile
        }
    } catch {
      // not ours to read, or gone
    }
  }
  return undefined;
}
