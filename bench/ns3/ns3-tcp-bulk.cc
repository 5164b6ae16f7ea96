// SPDX-License-Identifier: MIT
/*
 * The ns-3 side of `make bench-ns3`: TCP bulk flows over one
 * point-to-point link, built against Debian's ns-3 3.37 libraries as
 * shipped (nothing rebuilt or tuned).
 *
 * Models: two nodes, a PointToPointNetDevice pair (DataRate, Delay, Mtu;
 * the device's own DropTail queue at its default 100 packets), the
 * internet stack with TCP CUBIC (ns3::TcpCubic, SACK and timestamps on,
 * as ns-3 defaults), FqCoDelQueueDisc as the root qdisc on both devices
 * (ns-3 defaults: target 5 ms, interval 100 ms, 1024 flows, 10240
 * packets), and BQL (DynamicQueueLimits on the device's transmit queue,
 * fed by NetDeviceQueue::ConnectQueueTraces, which PointToPointNetDevice
 * calls in 3.37). N BulkSendApplications on node 0 send to N
 * PacketSinks on node 1, all starting at t = 0.
 * TCP settings chosen to resemble a Linux 6.x sender, not to favour
 * either simulator: segment size MTU - 52 (IP + TCP + timestamp option,
 * as Linux with timestamps), send/receive buffers of Linux's tcp_wmem /
 * tcp_rmem maxima (4 MiB / 6 MiB; ns-3 has no buffer autotuning), the
 * Linux 200 ms minimum RTO, 128 KiB writes (iperf3's default, and what
 * the nicsim scenarios write).
 * Output: one JSON object on stdout, e.g.
 *   {"sim":"ns-3","version":"3.37","rate":"1Gbps","flows":1,
 *    "duration_s":10,"goodput_mbps":...,"events":...,"wall_s":...,
 *    "run_wall_s":...,"peak_rss_kb":...,"qdisc_drops":...}
 * goodput_mbps: bytes the sinks received over duration_s; events:
 * Simulator::GetEventCount() after Run (events executed); wall_s: the
 * whole program (setup, run, teardown); run_wall_s: Simulator::Run
 * alone; peak_rss_kb: VmHWM from /proc/self/status; qdisc_drops:
 * the sender's fq_codel drops; bql_limit_max: the largest DQL limit the
 * sender's queue reached (bytes; null without BQL).
 * Deviation from the nicsim scenarios: the point-to-point device frames
 * with a 2-byte PPP header, not Ethernet's 38 bytes of header, FCS,
 * preamble and gap, so ns-3's line-rate goodput is about 964 Mbit/s at
 * 1 Gbit/s where Ethernet's is 941.
 */
#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/traffic-control-module.h"

#include <chrono>
#include <cstdio>
#include <string>

using namespace ns3;

static double seconds_since(std::chrono::steady_clock::time_point t)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

// VmHWM of this process: unlike getrusage's ru_maxrss, it starts afresh
// at execve, so it does not include the parent's RSS before the exec.
static long peak_rss_kib()
{
    std::FILE* f = std::fopen("/proc/self/status", "r");
    char line[256];
    long kib = -1;
    while (f && std::fgets(line, sizeof line, f))
    {
        if (std::sscanf(line, "VmHWM: %ld", &kib) == 1)
        {
            break;
        }
    }
    if (f)
    {
        std::fclose(f);
    }
    return kib;
}

static void note_max(uint32_t* max, uint32_t, uint32_t now)
{
    if (now > *max)
    {
        *max = now;
    }
}

int main(int argc, char** argv)
{
    auto t_start = std::chrono::steady_clock::now();
    std::string rate = "1Gbps";
    std::string delay = "50us";
    uint32_t mtu = 1500;
    uint32_t flows = 1;
    double duration = 10.0;
    bool bql = true;
    uint32_t sndbuf = 4 << 20;
    uint32_t rcvbuf = 6 << 20;
    uint32_t send_size = 128 << 10;

    CommandLine cmd(__FILE__);
    cmd.Usage("TCP CUBIC bulk flows over one point-to-point link, fq_codel + BQL "
              "on the sender; prints one JSON line.");
    cmd.AddValue("rate", "link rate (ns-3 DataRate, e.g. 1Gbps, 100Mbps)", rate);
    cmd.AddValue("delay", "one-way propagation delay (e.g. 50us)", delay);
    cmd.AddValue("mtu", "device MTU in bytes", mtu);
    cmd.AddValue("flows", "number of parallel TCP flows", flows);
    cmd.AddValue("duration", "simulated seconds", duration);
    cmd.AddValue("bql", "DynamicQueueLimits on the device queue (1/0)", bql);
    cmd.AddValue("sndbuf", "TCP send buffer in bytes", sndbuf);
    cmd.AddValue("rcvbuf", "TCP receive buffer in bytes", rcvbuf);
    cmd.AddValue("sendSize", "bytes per BulkSendApplication write", send_size);
    cmd.Parse(argc, argv);
    if (flows < 1 || flows > 1000 || duration <= 0 || mtu < 576)
    {
        std::fprintf(stderr, "ns3-tcp-bulk: flows 1..1000, duration > 0, mtu >= 576\n");
        return 2;
    }

    Config::SetDefault("ns3::TcpL4Protocol::SocketType", TypeIdValue(TcpCubic::GetTypeId()));
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(mtu - 52));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(sndbuf));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(rcvbuf));
    Config::SetDefault("ns3::TcpSocketBase::MinRto", TimeValue(MilliSeconds(200)));

    NodeContainer nodes;
    nodes.Create(2);

    PointToPointHelper link;
    link.SetDeviceAttribute("DataRate", StringValue(rate));
    link.SetDeviceAttribute("Mtu", UintegerValue(mtu));
    link.SetChannelAttribute("Delay", StringValue(delay));
    NetDeviceContainer devs = link.Install(nodes);

    InternetStackHelper stack;
    stack.Install(nodes);

    // Before the addresses: Ipv4AddressHelper::Assign installs ns-3's
    // default qdisc only on a device that has none yet.
    TrafficControlHelper tch;
    tch.SetRootQueueDisc("ns3::FqCoDelQueueDisc");
    if (bql)
    {
        tch.SetQueueLimits("ns3::DynamicQueueLimits");
    }
    QueueDiscContainer qdiscs = tch.Install(devs);

    Ipv4AddressHelper addr;
    addr.SetBase("192.0.2.0", "255.255.255.0"); // TEST-NET-1: simulated only
    Ipv4InterfaceContainer ifs = addr.Assign(devs);

    ApplicationContainer sinks;
    ApplicationContainer sources;
    for (uint32_t i = 0; i < flows; i++)
    {
        uint16_t port = 5001 + i;
        PacketSinkHelper sink("ns3::TcpSocketFactory",
                              InetSocketAddress(Ipv4Address::GetAny(), port));
        sinks.Add(sink.Install(nodes.Get(1)));
        BulkSendHelper src("ns3::TcpSocketFactory", InetSocketAddress(ifs.GetAddress(1), port));
        src.SetAttribute("MaxBytes", UintegerValue(0));
        src.SetAttribute("SendSize", UintegerValue(send_size));
        sources.Add(src.Install(nodes.Get(0)));
    }
    sinks.Start(Seconds(0));
    sources.Start(Seconds(0));

    // Whether BQL really runs: follow the sender queue's DQL limit.
    uint32_t bql_limit_max = 0;
    bool bql_traced = false;
    if (bql)
    {
        Ptr<NetDeviceQueueInterface> ndqi = devs.Get(0)->GetObject<NetDeviceQueueInterface>();
        Ptr<QueueLimits> ql = ndqi ? ndqi->GetTxQueue(0)->GetQueueLimits() : nullptr;
        bql_traced = ql && ql->TraceConnectWithoutContext(
                               "Limit",
                               MakeBoundCallback(&note_max, &bql_limit_max));
    }

    Simulator::Stop(Seconds(duration));
    auto t_run = std::chrono::steady_clock::now();
    Simulator::Run();
    double run_wall = seconds_since(t_run);
    uint64_t events = Simulator::GetEventCount();

    uint64_t rx_bytes = 0;
    for (uint32_t i = 0; i < sinks.GetN(); i++)
    {
        rx_bytes += DynamicCast<PacketSink>(sinks.Get(i))->GetTotalRx();
    }
    const QueueDisc::Stats& qs = qdiscs.Get(0)->GetStats();
    uint64_t qdisc_drops = qs.nTotalDroppedPackets;
    Simulator::Destroy();
    double wall = seconds_since(t_start);

    std::printf("{\"sim\":\"ns-3\",\"version\":\"3.37\",\"rate\":\"%s\",\"flows\":%u,"
                "\"duration_s\":%g,\"goodput_mbps\":%.3f,\"events\":%llu,"
                "\"wall_s\":%.4f,\"run_wall_s\":%.4f,\"peak_rss_kb\":%ld,"
                "\"qdisc_drops\":%llu,\"bql_limit_max\":%s}\n",
                rate.c_str(),
                flows,
                duration,
                rx_bytes * 8.0 / duration / 1e6,
                (unsigned long long)events,
                wall,
                run_wall,
                peak_rss_kib(),
                (unsigned long long)qdisc_drops,
                bql_traced ? std::to_string(bql_limit_max).c_str() : "null");
    return 0;
}
